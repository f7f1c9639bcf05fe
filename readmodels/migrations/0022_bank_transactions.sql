-- Bank statements (issue 31): one row per imported credit, owned by projection `bank`; the Bank screen lists
-- a user's rows by state, newest import first.
CREATE TABLE "bank_transactions" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"statement_id" text NOT NULL,
	"statement_date" text NOT NULL,
	"booking_date" text NOT NULL,
	"entry_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payer_name" text NOT NULL,
	"remittance" text NOT NULL,
	"state" text NOT NULL,
	"applied" bigint NOT NULL,
	"suggestions" jsonb NOT NULL,
	"matches" jsonb NOT NULL,
	"version" bigint NOT NULL,
	"imported_position" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_transactions_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE INDEX "bank_transactions_user_state" ON "bank_transactions" USING btree ("user_id","state","imported_position");
