-- Scale out (issue 18): the overdue figure from kept sums per user, day and currency (projection
-- `invoice-totals`), instead of a range over every invoice that still owes. Filled here from the
-- projection's own copy of each invoice's figures, as its events would have left it.
CREATE TABLE "owing_days" (
	"user_id" text NOT NULL,
	"since" text NOT NULL,
	"currency" text NOT NULL,
	"inclusive" boolean NOT NULL,
	"invoices" integer NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "owing_days_user_id_since_currency_inclusive_pk" PRIMARY KEY("user_id","since","currency","inclusive")
);
--> statement-breakpoint
INSERT INTO "owing_days" ("user_id", "since", "currency", "inclusive", "invoices", "balance")
SELECT "user_id", CASE WHEN "issue_date" > "due_date" THEN "issue_date" ELSE "due_date" END, "currency",
  "issue_date" > "due_date", count(*), sum("balance")
FROM "totals_invoices" WHERE "balance" > 0
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DROP INDEX IF EXISTS "totals_invoices_owing";
