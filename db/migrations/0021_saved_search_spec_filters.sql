ALTER TABLE "saved_searches" ADD COLUMN "cpu" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "cpu_pattern" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "tier" smallint;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "min_battery_health" smallint;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "min_screen_inches" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "max_screen_inches" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "storage_type" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "max_years_of_use" smallint;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "verified_sellers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_storage_type_check" CHECK ("saved_searches"."storage_type" in ('SSD', 'HDD', 'eMMC', 'Hybrid'));