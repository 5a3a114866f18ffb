-- A way in written twice at once before this index (two first sign-ins with one Google account, two "Set password"): the first one stays.
DELETE FROM "accounts" a USING "accounts" b WHERE a."provider_id" = b."provider_id" AND a."account_id" = b."account_id" AND (a."created_at", a."id") > (b."created_at", b."id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_idx" ON "accounts" USING btree ("provider_id","account_id");
