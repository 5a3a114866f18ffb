ALTER TABLE "adverts" ADD COLUMN "processor_key" text;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "performance_tier" smallint;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "processor_year" smallint;--> statement-breakpoint
ALTER TABLE "adverts" ADD CONSTRAINT "adverts_performance_tier_check" CHECK ("adverts"."performance_tier" between 1 and 4);