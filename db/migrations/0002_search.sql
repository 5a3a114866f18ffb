CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', coalesce(processor, '')), 'B') || setweight(to_tsvector('simple', description), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "adverts_available_newest_idx" ON "adverts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_available_price_idx" ON "adverts" USING btree ("resale_price_cents","id") WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_brand_price_idx" ON "adverts" USING btree ("brand_id","resale_price_cents","id") WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_search_idx" ON "adverts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "adverts_name_trgm_idx" ON "adverts" USING gin ("name" gin_trgm_ops);