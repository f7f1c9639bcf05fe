CREATE TABLE "customer_invoices" (
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "customer_invoices_user_id_invoice_id_pk" PRIMARY KEY("user_id","invoice_id")
);
--> statement-breakpoint
-- The customers projection now counts each invoice once, through customer_invoices: rebuild it from the log.
DELETE FROM "customers";--> statement-breakpoint
DELETE FROM "checkpoints" WHERE "name" = 'customers';
