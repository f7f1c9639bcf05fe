-- The mail queue moved to the mail module (services/kit/migrations/0001_mail_deliveries.sql, issue 26).
-- Databases that ran this migration before keep the table and its rows; the kit's migration finds it.
SELECT 1;
