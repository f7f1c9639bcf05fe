CREATE TABLE "invoice_collection" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"void_reason" text,
	"issue_date" text NOT NULL,
	"due_date" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"issued_position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"date" text NOT NULL,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"note" text NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	"reversal_reason" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_collection_user" ON "invoice_collection" USING btree ("user_id","currency");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice" ON "invoice_payments" USING btree ("invoice_id","position");