-- price_drops becomes favourite_alerts: a price drop is one kind of alert to a laptop's savers, beside
-- "sold" and "back on sale". Renamed in place, so drops still being told keep their cursor (their jobs,
-- queued under the old name, are still worked: core/favourites/saver-alerts.ts).
ALTER TABLE "price_drops" RENAME TO "favourite_alerts";--> statement-breakpoint
ALTER TABLE "favourite_alerts" RENAME CONSTRAINT "price_drops_pkey" TO "favourite_alerts_pkey";--> statement-breakpoint
ALTER TABLE "favourite_alerts" RENAME CONSTRAINT "price_drops_advert_id_adverts_id_fk" TO "favourite_alerts_advert_id_adverts_id_fk";--> statement-breakpoint
ALTER TABLE "favourite_alerts" DROP CONSTRAINT "price_drops_lower_check";--> statement-breakpoint
ALTER INDEX "price_drops_pending_idx" RENAME TO "favourite_alerts_pending_idx";--> statement-breakpoint
ALTER TABLE "favourite_alerts" ADD COLUMN "kind" text DEFAULT 'price_drop' NOT NULL;--> statement-breakpoint
ALTER TABLE "favourite_alerts" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "favourite_alerts" ADD COLUMN "buyer_id" text;--> statement-breakpoint
ALTER TABLE "favourite_alerts" ALTER COLUMN "from_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "favourite_alerts" ADD CONSTRAINT "favourite_alerts_kind_check" CHECK ("favourite_alerts"."kind" in ('price_drop', 'sold', 'back_on_sale'));--> statement-breakpoint
ALTER TABLE "favourite_alerts" ADD CONSTRAINT "favourite_alerts_price_check" CHECK (("favourite_alerts"."kind" = 'price_drop') = ("favourite_alerts"."from_cents" is not null) and ("favourite_alerts"."from_cents" is null or "favourite_alerts"."to_cents" < "favourite_alerts"."from_cents"));--> statement-breakpoint
CREATE INDEX "favourite_alerts_advert_idx" ON "favourite_alerts" USING btree ("advert_id","created_at");
