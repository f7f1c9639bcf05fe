-- Issue 26: the e-invoice, PDF and preview read the invoice's e-invoice model and void day from a read model.
-- A new projection: it has no checkpoint yet, so it builds from the start of the log.
CREATE TABLE "invoice_einvoices" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"model" jsonb NOT NULL,
	"voided_on" text,
	"version" integer NOT NULL
);
