CREATE TABLE "online_payment_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"account_type" text NOT NULL,
	"connected" boolean NOT NULL,
	"charges_enabled" boolean NOT NULL,
	"details_submitted" boolean NOT NULL,
	"position" bigint NOT NULL
);
