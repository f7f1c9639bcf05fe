CREATE TABLE "invoice_shares" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"share_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"user_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"shared_at" timestamp with time zone NOT NULL
);
