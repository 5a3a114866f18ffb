CREATE TABLE "favourites" (
	"user_id" text NOT NULL,
	"advert_id" uuid NOT NULL,
	"saved_price_cents" integer NOT NULL,
	"advert_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_advert_id_pk" PRIMARY KEY("user_id","advert_id")
);
--> statement-breakpoint
CREATE TABLE "price_drops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advert_id" uuid NOT NULL,
	"from_cents" integer NOT NULL,
	"to_cents" integer NOT NULL,
	"notified_through" text,
	"done_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_drops_lower_check" CHECK ("price_drops"."to_cents" < "price_drops"."from_cents")
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drops" ADD CONSTRAINT "price_drops_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST,"advert_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourites_advert_idx" ON "favourites" USING btree ("advert_id","user_id");--> statement-breakpoint
CREATE INDEX "price_drops_pending_idx" ON "price_drops" USING btree ("created_at") WHERE "price_drops"."done_at" is null;