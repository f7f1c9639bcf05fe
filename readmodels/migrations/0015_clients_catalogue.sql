-- Clients and a catalogue (issue 29): one row per client and per catalogue item, owned by projection
-- `clients`. Search is `user_id = $1 AND search ILIKE '%…%'` over the (user_id, search) trigram index (as 0013).
CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"version" integer NOT NULL,
	"archived" boolean NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"details" jsonb NOT NULL,
	"search" text NOT NULL,
	"created_position" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clients_user_name" ON "clients" USING btree ("user_id","archived","company_name","contact_name");
--> statement-breakpoint
CREATE INDEX "clients_user_email" ON "clients" USING btree ("user_id","email");
--> statement-breakpoint
CREATE INDEX "clients_user_search" ON "clients" USING gin ("user_id", "search" public.gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"version" integer NOT NULL,
	"deleted" boolean NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"vat_category" text,
	"vat_rate" integer,
	"search" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_items_user_name" ON "catalogue_items" USING btree ("user_id","deleted","name");
