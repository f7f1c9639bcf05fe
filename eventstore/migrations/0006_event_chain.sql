-- The tamper-evident chain over the log (docs/decisions.md D-250): one link per event, in the readers'
-- (tx_id, position) order below the horizon, each the SHA-256 of the previous link and the event's content.
-- The links are written by the chain keeper (eventstore/src/chain.ts), never by the append, so the append
-- stays one statement and transactions committing out of position order are chained in the order readers
-- see them. `seq` is the link's place in the chain; `tx_id` and `position` are where the keeper stands.
CREATE TABLE "event_chain" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"tx_id" xid8 NOT NULL,
	"hash" text NOT NULL,
	"chained_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_chain_position" UNIQUE("position")
);
--> statement-breakpoint
-- Where the chain started: the log as it stood when this migration ran. Events up to `last_position` were
-- written before the chain existed; their links prove they have not changed since `started_at`, not since
-- they were written. The single row is also the lock two keepers take turns on.
CREATE TABLE "event_chain_origin" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"events_before" bigint NOT NULL,
	"last_position" bigint,
	"last_tx_id" xid8
);
--> statement-breakpoint
INSERT INTO "event_chain_origin" ("events_before", "last_position", "last_tx_id")
SELECT (SELECT count(*) FROM "events"), last.position, last.tx_id
  FROM (SELECT 1) AS one
  LEFT JOIN LATERAL (SELECT position, tx_id FROM "events" ORDER BY tx_id DESC, position DESC LIMIT 1) AS last ON true;
