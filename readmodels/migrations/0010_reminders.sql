CREATE TABLE "reminder_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean NOT NULL,
	"reminder_offsets" jsonb NOT NULL,
	"notify_first_view" boolean NOT NULL,
	"notify_overdue" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reminders_off" boolean DEFAULT false NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"last_reminder" integer,
	"first_viewed_at" timestamp with time zone,
	"first_view_reserved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_reminders_first_view" ON "invoice_reminders" USING btree ("first_view_reserved","first_viewed_at");
