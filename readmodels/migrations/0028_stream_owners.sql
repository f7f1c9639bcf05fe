CREATE TABLE "stream_owners" (
	"stream_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stream_owners_user" ON "stream_owners" USING btree ("user_id");
