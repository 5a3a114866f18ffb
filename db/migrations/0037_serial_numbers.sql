CREATE TABLE "stolen_serials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_hash" text NOT NULL,
	"reason" text NOT NULL,
	"reported_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "serial_hash" text;--> statement-breakpoint
ALTER TABLE "stolen_serials" ADD CONSTRAINT "stolen_serials_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stolen_serials_hash_idx" ON "stolen_serials" USING btree ("serial_hash");--> statement-breakpoint
CREATE INDEX "stolen_serials_newest_idx" ON "stolen_serials" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "adverts_serial_hash_idx" ON "adverts" USING btree ("serial_hash") WHERE "adverts"."serial_hash" is not null;