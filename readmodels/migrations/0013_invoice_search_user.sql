-- Scale out (issue 18): the invoice search's index confined to the user. One GIN index over
-- (user_id, search_text): btree_gin gives the user id a GIN key, so `user_id = $1 AND search_text ILIKE
-- '%…%'` intersects the user's entries with the pattern's trigrams inside the index, instead of building a
-- bitmap of every user's matches and dropping the others' rows from the heap (docs/decisions.md).
-- The extension goes to public like pg_trgm (0002); parallel migrations may race to create it.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_user_search" ON "invoices" USING gin ("user_id", "search_text" public.gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_search_trgm";
