ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
DROP INDEX "orders_open_per_buyer_idx";--> statement-breakpoint
CREATE INDEX "adverts_reserved_idx" ON "adverts" USING btree ("reserved_by_order_id") WHERE "adverts"."reserved_by_order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_in_flight_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" in ('paying', 'refunding');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_per_buyer_idx" ON "orders" USING btree ("advert_id","buyer_id") WHERE "orders"."status" in ('booked', 'paying', 'paid', 'refunding');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('booked', 'paying', 'paid', 'refunding', 'completed', 'cancelled', 'refunded', 'closed', 'withdrawn'));