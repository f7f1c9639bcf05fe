-- Issue 28 goal 6: any page of the list without an OFFSET walk. `ordinal` is the invoice's place among the
-- user's live invoices, oldest first (1 … n, gap-free, by issue position then id: the list's order turned
-- round), kept by the `invoices` projection and renumbered above a deleted one, so `?page=N` reads exactly its
-- rows by range on (user_id, ordinal) (docs/decisions.md, D-420). Existing rows are numbered here as the
-- projection would number them; a rebuild ends in the same numbers.
ALTER TABLE "invoices" ADD COLUMN "ordinal" integer;--> statement-breakpoint
UPDATE "invoices" i SET "ordinal" = r.n
  FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "issued_position", "id") AS n FROM "invoices") r
  WHERE i."id" = r."id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "ordinal" SET NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_user_ordinal" ON "invoices" USING btree ("user_id", "ordinal");
