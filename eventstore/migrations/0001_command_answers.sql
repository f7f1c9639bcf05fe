CREATE TABLE "command_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"claim" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"status" integer,
	"body" jsonb,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "schema_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "command_answers_created" ON "command_answers" USING btree ("created_at");