-- Durable mail (issue 14): the time process's mails (reminders, owner notifications), written in the
-- transaction that commits their reservation and sent by the delivery loop until the SMTP server takes them.
-- Not a projection: a replay leaves it alone (its rows follow from commits, not from a fold of the log).
CREATE TABLE "mail_deliveries" (
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
CREATE INDEX "mail_deliveries_pending" ON "mail_deliveries" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
