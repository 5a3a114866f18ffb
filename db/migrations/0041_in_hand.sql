CREATE TABLE "advert_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advert_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"code" text NOT NULL,
	"photo_key" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advert_proofs_status_check" CHECK ("advert_proofs"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "proof_codes" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "in_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "in_hand_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "advert_proofs" ADD CONSTRAINT "advert_proofs_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advert_proofs" ADD CONSTRAINT "advert_proofs_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_codes" ADD CONSTRAINT "proof_codes_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advert_proofs_live_idx" ON "advert_proofs" USING btree ("advert_id") WHERE "advert_proofs"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "advert_proofs_pending_idx" ON "advert_proofs" USING btree ("created_at","id") WHERE "advert_proofs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "advert_proofs_band0_idx" ON "advert_proofs" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "advert_proofs_band1_idx" ON "advert_proofs" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "advert_proofs_band2_idx" ON "advert_proofs" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "advert_proofs_band3_idx" ON "advert_proofs" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "adverts_in_hand_idx" ON "adverts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "adverts"."status" = 'available' and "adverts"."in_hand";