CREATE TABLE "price_guides" (
	"performance_tier" smallint NOT NULL,
	"generation_band" smallint NOT NULL,
	"ram_gb" smallint NOT NULL,
	"storage_gb" integer NOT NULL,
	"condition" text NOT NULL,
	"years_of_use" smallint NOT NULL,
	"source" text NOT NULL,
	"comparables" integer NOT NULL,
	"low_cents" integer NOT NULL,
	"median_cents" integer NOT NULL,
	"high_cents" integer NOT NULL,
	"refreshed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_guides_pkey" PRIMARY KEY("performance_tier","generation_band","ram_gb","storage_gb","condition","years_of_use")
);
--> statement-breakpoint
CREATE INDEX "adverts_comparables_idx" ON "adverts" USING btree ("status","performance_tier","ram_gb","storage_gb","condition","processor_year","years_of_use") WHERE "adverts"."performance_tier" is not null;