DROP INDEX "adverts_battery_idx";--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "battery_verified" smallint;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "battery_cycles" integer;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "battery_report" jsonb;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "battery_verified_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "adverts_battery_verified_idx" ON "adverts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "adverts"."status" = 'available' and "adverts"."battery_verified" is not null;--> statement-breakpoint
CREATE INDEX "adverts_battery_idx" ON "adverts" USING btree (coalesce(battery_verified, battery_health)) WHERE "adverts"."status" = 'available';