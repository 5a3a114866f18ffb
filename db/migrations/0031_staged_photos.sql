CREATE TABLE "staged_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"photo_key" text NOT NULL,
	"hash" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staged_photos" ADD CONSTRAINT "staged_photos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staged_photos_owner_idx" ON "staged_photos" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "staged_photos_created_idx" ON "staged_photos" USING btree ("created_at");