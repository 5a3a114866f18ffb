CREATE TABLE "unnamed_images" (
	"key" text PRIMARY KEY NOT NULL,
	"unnamed_since" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "unnamed_images_since_idx" ON "unnamed_images" USING btree ("unnamed_since");