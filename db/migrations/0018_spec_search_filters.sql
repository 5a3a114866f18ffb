CREATE INDEX "adverts_processor_trgm_idx" ON "adverts" USING gin ("processor" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "adverts_tier_idx" ON "adverts" USING btree ("performance_tier","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_storage_type_idx" ON "adverts" USING btree ("storage_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_battery_idx" ON "adverts" USING btree ("battery_health") WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_years_idx" ON "adverts" USING btree ("years_of_use") WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "adverts_screen_idx" ON "adverts" USING btree ((case when screen_inches ~ '^[0-9]{1,2}([.][0-9])?$' then screen_inches::numeric end)) WHERE "adverts"."status" = 'available';--> statement-breakpoint
CREATE INDEX "users_verified_idx" ON "users" USING btree ("id") WHERE "users"."verified";