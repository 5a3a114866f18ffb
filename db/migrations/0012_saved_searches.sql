CREATE TABLE "advert_publications" (
	"advert_id" uuid PRIMARY KEY NOT NULL,
	"published_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"matched_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"advert_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"matched_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp (3) with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_advert_id_pk" PRIMARY KEY("saved_search_id","advert_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"q" text,
	"query" "tsquery" GENERATED ALWAYS AS (case when q is null then null else websearch_to_tsquery('simple', q) end) STORED,
	"brand_id" uuid,
	"seller_id" text,
	"min_price_cents" integer,
	"max_price_cents" integer,
	"condition" text,
	"location" text,
	"min_ram_gb" smallint,
	"min_storage_gb" integer,
	"sort" text DEFAULT 'newest' NOT NULL,
	"alerts" text DEFAULT 'instant' NOT NULL,
	"last_emailed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alerts_check" CHECK ("saved_searches"."alerts" in ('instant', 'daily', 'off')),
	CONSTRAINT "saved_searches_condition_check" CHECK ("saved_searches"."condition" in ('excellent', 'good', 'Fair'))
);
--> statement-breakpoint
ALTER TABLE "advert_publications" ADD CONSTRAINT "advert_publications_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advert_publications_waiting_idx" ON "advert_publications" USING btree ("published_at") WHERE "advert_publications"."matched_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_waiting_idx" ON "saved_search_matches" USING btree ("user_id","saved_search_id") WHERE "saved_search_matches"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_searches_match_brand_idx" ON "saved_searches" USING btree ("brand_id","max_price_cents") WHERE "saved_searches"."alerts" <> 'off';--> statement-breakpoint
CREATE INDEX "saved_searches_match_price_idx" ON "saved_searches" USING btree ("max_price_cents","min_price_cents") WHERE "saved_searches"."alerts" <> 'off' and "saved_searches"."brand_id" is null;