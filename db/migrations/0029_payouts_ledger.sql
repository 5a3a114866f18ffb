CREATE TABLE "ledger_day_totals" (
	"day" date NOT NULL,
	"account" text NOT NULL,
	"movement" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_day_totals_day_account_movement_pk" PRIMARY KEY("day","account","movement")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"account" text NOT NULL,
	"seller_id" text,
	"order_id" uuid,
	"amount_cents" bigint NOT NULL,
	"movement" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('clearing', 'seller_pending', 'seller_available', 'platform_fees', 'refunds', 'payouts', 'reversals')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"holder" text,
	"bank_last4" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('details_needed', 'active'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider" text NOT NULL,
	"transfer_id" text,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"reversal_id" text,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'sending', 'paid', 'failed', 'reversing', 'reversed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sim_payout_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"holder" text NOT NULL,
	"bank_last4" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_payout_accounts_seller_id_unique" UNIQUE("seller_id")
);
--> statement-breakpoint
CREATE TABLE "sim_transfer_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"transfer_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_transfer_reversals_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sim_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"order_id" text NOT NULL,
	"source_transaction" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_basis_points" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_fixed_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_transfer_reversals" ADD CONSTRAINT "sim_transfer_reversals_transfer_id_sim_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."sim_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_group_idx" ON "ledger_entries" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_idx" ON "ledger_entries" USING btree ("seller_id","account","order_id") WHERE "ledger_entries"."seller_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_external_idx" ON "payout_accounts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_order_idx" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at") WHERE "payouts"."status" in ('pending', 'sending', 'failed', 'reversing');--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Orders paid before the ledger: no fee was charged then (ReLaptop took none), and each gets the groups its story
-- would have written, so the ledger opens balanced and every completed sale waits as Available for its seller.
UPDATE "orders" o SET "fee_basis_points" = 0, "fee_fixed_cents" = 0, "fee_cents" = 0
  WHERE EXISTS (SELECT 1 FROM "payments" p WHERE p."order_id" = o."id");--> statement-breakpoint
INSERT INTO "ledger_entries" ("group_id", "account", "seller_id", "order_id", "amount_cents", "movement", "created_at")
SELECT md5(o."id"::text || m."movement")::uuid, m."account", m."seller_id", o."id", m."amount", m."movement", m."at"
FROM "payments" p
JOIN "orders" o ON o."id" = p."order_id"
CROSS JOIN LATERAL (VALUES
  -- The charge, owed to the seller.
  ('pay', 'clearing', NULL, p."price_cents"::bigint, p."created_at"),
  ('pay', 'seller_pending', o."seller_id", -p."price_cents"::bigint, p."created_at"),
  -- A final sale: available to its seller.
  ('complete', 'seller_pending', o."seller_id", CASE WHEN o."status" = 'completed' AND p."refund_cents" IS NULL THEN p."price_cents" END, o."updated_at"),
  ('complete', 'seller_available', o."seller_id", CASE WHEN o."status" = 'completed' AND p."refund_cents" IS NULL THEN -p."price_cents" END, o."updated_at"),
  -- A final sale with a part refunded: that part left clearing, the rest is available.
  ('refundInPart', 'seller_pending', o."seller_id", CASE WHEN o."status" = 'completed' THEN p."price_cents"::bigint END, o."updated_at"),
  ('refundInPart', 'clearing', NULL, CASE WHEN o."status" = 'completed' THEN -p."refund_cents"::bigint END, o."updated_at"),
  ('refundInPart', 'seller_available', o."seller_id", CASE WHEN o."status" = 'completed' THEN p."refund_cents"::bigint - p."price_cents" END, o."updated_at"),
  -- Refunded: all of it left clearing.
  ('refund', 'seller_pending', o."seller_id", CASE WHEN o."status" = 'refunded' THEN p."price_cents"::bigint END, o."updated_at"),
  ('refund', 'clearing', NULL, CASE WHEN o."status" = 'refunded' THEN -p."price_cents"::bigint END, o."updated_at"),
  -- Being refunded: on its way to the buyer.
  ('refundDispute', 'seller_pending', o."seller_id", CASE WHEN o."status" = 'refunding' THEN coalesce(p."refund_cents", p."price_cents")::bigint END, o."updated_at"),
  ('refundDispute', 'refunds', NULL, CASE WHEN o."status" = 'refunding' THEN -coalesce(p."refund_cents", p."price_cents")::bigint END, o."updated_at")
) AS m("movement", "account", "seller_id", "amount", "at")
WHERE m."amount" IS NOT NULL AND m."amount" <> 0;--> statement-breakpoint
-- The ledger is written once: a correction is a new group of entries, never an edit. The one exception is the
-- demo's seeding, which tells its story by moving what each step wrote back in time (seed/demo-timeline.ts): it
-- may move an entry's time, and nothing else.
CREATE FUNCTION "ledger_entries_are_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('relaptop.demo_timeline', true) = 'on'
     AND (NEW."id", NEW."group_id", NEW."account", NEW."seller_id", NEW."order_id", NEW."amount_cents", NEW."movement")
       IS NOT DISTINCT FROM (OLD."id", OLD."group_id", OLD."account", OLD."seller_id", OLD."order_id", OLD."amount_cents", OLD."movement") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger entries are never updated or deleted: post a correcting group instead';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_are_final" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_are_final"();
