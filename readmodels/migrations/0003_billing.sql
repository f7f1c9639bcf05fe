CREATE TABLE "purchases" (
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"session_id" text,
	"amount" bigint,
	"currency" text,
	"purchased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchases_user_id_invoice_id_pk" PRIMARY KEY("user_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_payment_failed_at" timestamp with time zone;