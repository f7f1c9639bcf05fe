CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"stage" text NOT NULL,
	"issue_date" text NOT NULL,
	"valid_until" text NOT NULL,
	"time_zone" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_company_name" text NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"token_hash" text,
	"invoice_id" text,
	"invoice_number" text,
	"updated_at" timestamp with time zone NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quotes_user_updated" ON "quotes" USING btree ("user_id","updated_at" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_token_hash" ON "quotes" USING btree ("token_hash");
