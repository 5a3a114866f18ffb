-- What the flag means: a seller acting as a seller (not whether the account is live: that is deactivated_at).
ALTER TABLE "users" RENAME COLUMN "active" TO "acting_as_seller";
