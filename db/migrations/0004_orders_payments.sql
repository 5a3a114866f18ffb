CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"transition" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advert_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"meeting_location" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"price_cents" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_image_key" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('booked', 'paid', 'completed', 'cancelled', 'refunded', 'closed')),
	CONSTRAINT "orders_price_check" CHECK ("orders"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"advert_id" uuid NOT NULL,
	"email" text NOT NULL,
	"price_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"card_last4" text NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"order_id" uuid,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sim_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "reserved_by_order_id" uuid;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "reserved_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_advert_id_adverts_id_fk" FOREIGN KEY ("advert_id") REFERENCES "public"."adverts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_charges" ADD CONSTRAINT "sim_charges_intent_id_sim_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sim_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_refunds" ADD CONSTRAINT "sim_refunds_charge_id_sim_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sim_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_per_buyer_idx" ON "orders" USING btree ("advert_id","buyer_id") WHERE "orders"."status" in ('booked', 'paid');--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_advert_idx" ON "orders" USING btree ("advert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_idx" ON "payments" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_per_order_idx" ON "payments" USING btree ("order_id");