-- Issue 31: a payment's source and the provider's fee are shown, and a payment may be reversed in part (a
-- provider's partial refund) and restored (a dispute won). Both projections that fold payments rebuild.
ALTER TABLE "invoice_payments" ADD COLUMN "source" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "reversed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "changed_position" bigint;--> statement-breakpoint
DELETE FROM "invoice_payments";--> statement-breakpoint
DELETE FROM "invoice_collection";--> statement-breakpoint
DELETE FROM "checkpoints" WHERE "name" = 'collection';--> statement-breakpoint
DELETE FROM "totals_invoices";--> statement-breakpoint
DELETE FROM "user_invoice_totals";--> statement-breakpoint
DELETE FROM "currency_totals";--> statement-breakpoint
DELETE FROM "client_currency_totals";--> statement-breakpoint
DELETE FROM "owing_days";--> statement-breakpoint
DELETE FROM "checkpoints" WHERE "name" = 'invoice-totals';
