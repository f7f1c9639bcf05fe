-- Issue 28 goal 6: a search walks the user's invoices in list order and tests each from the index alone. The list's
-- keyset index carries the searched text (INCLUDE: stored in the leaf entries, not part of the key), so the walk
-- is an index-only range that stops at the matches it wants (docs/decisions.md, D-511). Same name and key as
-- before: the keyset pages, `?after=`/`?before=` and the newest invoice read it as they did.
CREATE INDEX IF NOT EXISTS "invoices_user_keyset_search" ON "invoices" USING btree ("user_id", "issued_position", "id") INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_user_keyset";--> statement-breakpoint
ALTER INDEX "invoices_user_keyset_search" RENAME TO "invoices_user_keyset";
