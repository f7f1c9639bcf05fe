ALTER TABLE "invoice_collection" ADD COLUMN "overdue" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "invoice_collection" c SET "overdue" = true FROM "invoice_reminders" r WHERE r."invoice_id" = c."invoice_id" AND r."overdue" = true;
--> statement-breakpoint
CREATE INDEX "invoice_collection_overdue_due" ON "invoice_collection" USING btree ("due_date","invoice_id") WHERE voided = false and overdue = false and amount_paid < total;
--> statement-breakpoint
CREATE TABLE "recurring_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"frequency" text NOT NULL,
	"day_of_month" text,
	"start_date" text NOT NULL,
	"end_date" text,
	"count" integer,
	"mode" text NOT NULL,
	"missed" text NOT NULL,
	"time_zone" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"currency" text NOT NULL,
	"invoice" jsonb NOT NULL,
	"next_period" integer NOT NULL,
	"next_run" text,
	"invoices_issued" integer NOT NULL,
	"last_invoice_id" text,
	"last_invoice_number" text,
	"last_issue_date" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"created_position" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recurring_profiles_user" ON "recurring_profiles" USING btree ("user_id","created_position");
--> statement-breakpoint
CREATE INDEX "recurring_profiles_due" ON "recurring_profiles" USING btree ("next_run") WHERE status = 'active';
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"profile_id" text NOT NULL,
	"user_id" text NOT NULL,
	"period" integer NOT NULL,
	"date" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_id" text NOT NULL,
	"number" text NOT NULL,
	"mode" text NOT NULL,
	"sent" boolean NOT NULL,
	"position" bigint NOT NULL,
	CONSTRAINT "recurring_runs_profile_id_period_pk" PRIMARY KEY("profile_id","period")
);
--> statement-breakpoint
CREATE INDEX "recurring_runs_unsent" ON "recurring_runs" USING btree ("position") WHERE mode = 'send' and sent = false;
