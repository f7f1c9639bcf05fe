CREATE TABLE "activities" (
	"position" bigint PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"summary" text NOT NULL,
	"invoice_id" text,
	"subject_id" text,
	"subject" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_totals" (
	"user_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"currency" text NOT NULL,
	"customer_name" text NOT NULL,
	"invoices" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "client_totals_user_id_customer_email_currency_pk" PRIMARY KEY("user_id","customer_email","currency")
);
--> statement-breakpoint
CREATE TABLE "company_logos" (
	"user_id" text PRIMARY KEY NOT NULL,
	"logo_id" text NOT NULL,
	"content_type" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_stats" (
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"revenue" bigint NOT NULL,
	"pending" bigint NOT NULL,
	"invoices" integer NOT NULL,
	CONSTRAINT "currency_stats_user_id_currency_pk" PRIMARY KEY("user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_default" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"iban" text NOT NULL,
	"swift" text NOT NULL,
	"payment_link" text NOT NULL,
	"instructions" text NOT NULL,
	"added_position" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_invoices" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid" boolean NOT NULL,
	"issue_date" text NOT NULL,
	"due_date" text NOT NULL,
	"issued_position" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activities_user_newest" ON "activities" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "activities_subject" ON "activities" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "payment_methods_user" ON "payment_methods" USING btree ("user_id","added_position");--> statement-breakpoint
CREATE INDEX "stats_invoices_user" ON "stats_invoices" USING btree ("user_id");