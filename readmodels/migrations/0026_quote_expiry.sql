-- The quote-expiry job (issue 33, D-288): the valid-until day whose passing was recorded, and the job's one index:
-- sent quotes by valid-until whose passing is not recorded yet, so a tick with nothing due reads no row.
ALTER TABLE "quotes" ADD COLUMN "expiry_noted" text;
--> statement-breakpoint
CREATE INDEX "quotes_expiry_due" ON "quotes" USING btree ("valid_until", "id") WHERE "stage" = 'sent' AND "expiry_noted" IS DISTINCT FROM "valid_until";
