CREATE TABLE "advert_photo_hashes" (
	"advert_id" uuid NOT NULL,
	"photo_key" text NOT NULL,
	"seller_id" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	CONSTRAINT "advert_photo_hashes_advert_id_photo_key_pk" PRIMARY KEY("advert_id","photo_key")
);
--> statement-breakpoint
ALTER TABLE "adverts" DROP CONSTRAINT "adverts_status_check";--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "review_signals" jsonb;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "flagged_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "mobile_digits" text GENERATED ALWAYS AS (right(regexp_replace(mobile, '[^0-9]', '', 'g'), 10)) STORED;--> statement-breakpoint
ALTER TABLE "advert_photo_hashes" ADD CONSTRAINT "advert_photo_hashes_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advert_photo_hashes_band0_idx" ON "advert_photo_hashes" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "advert_photo_hashes_band1_idx" ON "advert_photo_hashes" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "advert_photo_hashes_band2_idx" ON "advert_photo_hashes" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "advert_photo_hashes_band3_idx" ON "advert_photo_hashes" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "adverts_flagged_idx" ON "adverts" USING btree ("flagged_at","id") WHERE "adverts"."flagged_at" is not null;--> statement-breakpoint
CREATE INDEX "adverts_mobile_digits_idx" ON "adverts" USING btree ("mobile_digits","seller_id");--> statement-breakpoint
ALTER TABLE "adverts" ADD CONSTRAINT "adverts_status_check" CHECK ("adverts"."status" in ('available', 'pending_review', 'rejected', 'sold', 'withdrawn'));