-- Scale out (issue 18): kept per-user figures (projection `invoice-totals`) and the indexes the dashboard's
-- keyset pages and the overdue figure read.
CREATE TABLE "totals_invoices" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"payments" jsonb NOT NULL,
	"voided" boolean NOT NULL,
	"balance" bigint NOT NULL,
	"issue_date" text NOT NULL,
	"due_date" text NOT NULL,
	"issued_position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_invoice_totals" (
	"user_id" text PRIMARY KEY NOT NULL,
	"invoices" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_totals" (
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"invoices" integer NOT NULL,
	"paid" bigint NOT NULL,
	"outstanding" bigint NOT NULL,
	CONSTRAINT "currency_totals_user_id_currency_pk" PRIMARY KEY("user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "client_currency_totals" (
	"user_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"currency" text NOT NULL,
	"customer_name" text NOT NULL,
	"newest_position" bigint NOT NULL,
	"invoices" integer NOT NULL,
	"billed" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"outstanding" bigint NOT NULL,
	"open_invoices" integer NOT NULL,
	"last_issue_date" text NOT NULL,
	CONSTRAINT "client_currency_totals_user_id_customer_email_currency_pk" PRIMARY KEY("user_id","customer_email","currency")
);
--> statement-breakpoint
CREATE INDEX "totals_invoices_client_newest" ON "totals_invoices" USING btree ("user_id","customer_email","currency","issued_position");--> statement-breakpoint
CREATE INDEX "totals_invoices_client_issued" ON "totals_invoices" USING btree ("user_id","customer_email","currency","issue_date");--> statement-breakpoint
-- Overdue (a balance past its due date) is an indexed range: only invoices that still owe are in it.
CREATE INDEX "totals_invoices_owing" ON "totals_invoices" USING btree ("user_id","due_date") INCLUDE ("issue_date","currency","balance") WHERE "balance" > 0;--> statement-breakpoint
CREATE INDEX "client_currency_totals_rank" ON "client_currency_totals" USING btree ("user_id","currency","billed","invoices");--> statement-breakpoint
-- The dashboard's order (newest first, the id breaking any tie) as one index: keyset pages seek into it,
-- deep `?page=N` pages skip along it without reading the rows.
CREATE INDEX "invoices_user_keyset" ON "invoices" USING btree ("user_id","issued_position","id");--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_user_newest";
