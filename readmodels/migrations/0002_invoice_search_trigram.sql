-- Trigram index for the invoice list's search (ILIKE '%…%' over number, customer name, e-mail, company).
-- The extension goes to public (visible from every schema); parallel migrations may race to create it.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_search_trgm" ON "invoices" USING gin ("search_text" public.gin_trgm_ops);
