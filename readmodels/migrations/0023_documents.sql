-- Credit notes listed per user (dashboard 'Credit notes', client page) and unissued drafts (D-225), owned by
-- projections `credit-notes` and `invoice-drafts` (issue 27).
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" text NOT NULL,
	"reason" text NOT NULL,
	"full" boolean NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"search" text NOT NULL,
	"issued_position" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_notes_user_newest" ON "credit_notes" USING btree ("user_id","issued_position");
--> statement-breakpoint
CREATE INDEX "credit_notes_user_customer" ON "credit_notes" USING btree ("user_id","customer_email");
--> statement-breakpoint
CREATE TABLE "invoice_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"version" integer NOT NULL,
	"form" jsonb NOT NULL,
	"duplicate_of" text,
	"closed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_drafts_user_updated" ON "invoice_drafts" USING btree ("user_id","updated_at");
--> statement-breakpoint
-- invoice-totals now learns credit notes and refunds (balance, owing days, a client's outstanding): rebuild it.
DELETE FROM "totals_invoices";--> statement-breakpoint
DELETE FROM "user_invoice_totals";--> statement-breakpoint
DELETE FROM "currency_totals";--> statement-breakpoint
DELETE FROM "client_currency_totals";--> statement-breakpoint
DELETE FROM "owing_days";--> statement-breakpoint
DELETE FROM "checkpoints" WHERE "name" = 'invoice-totals';
