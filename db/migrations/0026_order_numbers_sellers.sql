ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text;--> statement-breakpoint
-- Existing orders: their laptop's seller, and a number. The nth order (oldest first) gets n times an odd
-- constant modulo 2^30 — a bijection, so no two are alike — written as six characters of the 32 that are
-- never misread (no 0, O, 1, I), as core/orders/order-number.ts writes new ones at random.
UPDATE "orders" SET "seller_id" = "adverts"."seller_id" FROM "adverts" WHERE "adverts"."id" = "orders"."advert_id";--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", (row_number() OVER (ORDER BY "created_at", "id") * 387420489) % 1073741824 AS "v" FROM "orders"
)
UPDATE "orders" SET "number" = 'RL-' || (
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (("numbered"."v" >> (5 * k)) & 31)::int + 1, 1), '' ORDER BY k DESC)
  FROM generate_series(0, 5) AS k
) FROM "numbered" WHERE "numbered"."id" = "orders"."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "seller_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_seller_newest_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('booked', 'paying', 'paid', 'refunding', 'completed', 'cancelled', 'refunded', 'closed', 'withdrawn', 'declined'));
