ALTER TABLE "adverts" ADD COLUMN "processor_score" integer;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "value_per_dollar" integer GENERATED ALWAYS AS (coalesce(round(processor_score
  * greatest(0.5, 1 + 0.2 * log(2.0, coalesce(ram_gb, 4) / 8.0))
  * greatest(0.5, 1 + 0.1 * log(2.0, coalesce(storage_gb, 128) / 256.0))
  * 10000.0 / resale_price_cents)::integer, 0)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "adverts_available_value_idx" ON "adverts" USING btree ("value_per_dollar" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_unscored_processor_idx" ON "adverts" USING btree ("processor_key") WHERE "adverts"."processor_key" is not null and "adverts"."processor_score" is null;