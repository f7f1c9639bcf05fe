CREATE TABLE "customers" (
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"company_name" text NOT NULL,
	"company_vat" text,
	"invoice_count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customers_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"position" bigint NOT NULL,
	CONSTRAINT "invoice_numbers_user_id_number_pk" PRIMARY KEY("user_id","number")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" text NOT NULL,
	"due_date" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_company_name" text NOT NULL,
	"search_text" text NOT NULL,
	"content" jsonb NOT NULL,
	"issued_position" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_due_days" integer,
	"company_email" text NOT NULL,
	"company_address" text NOT NULL,
	"company_name" text NOT NULL,
	"company_vat" text,
	"default_currency" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoices_user_newest" ON "invoices" USING btree ("user_id","issued_position");