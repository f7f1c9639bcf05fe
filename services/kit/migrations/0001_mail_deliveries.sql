-- The mail queue (issue 14), owned by the mail module since issue 26: it was created by the read models'
-- migration 0012, so a database that has it keeps it and its rows; a new one gets it here.
CREATE TABLE IF NOT EXISTS "mail_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_deliveries_pending" ON "mail_deliveries" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
