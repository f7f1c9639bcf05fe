CREATE TABLE "invoice_credits" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"credited" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"fully_credited" boolean DEFAULT false NOT NULL,
	"position" bigint NOT NULL
);
