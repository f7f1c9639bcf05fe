CREATE TABLE "checkpoints" (
	"name" text PRIMARY KEY NOT NULL,
	"tx_id" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"position" bigserial PRIMARY KEY NOT NULL,
	"stream_id" text NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "events_stream_version" UNIQUE("stream_id","version")
);
--> statement-breakpoint
CREATE INDEX "events_tx_position" ON "events" USING btree ("tx_id","position");