import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { processorColumns } from "../core/catalogue/index.ts";
import { type OrderBalances, type OrderMoney, POSTINGS } from "../core/ledger/index.ts";
import { feeAtPayment, newOrderNumber, orderNumberOf, platformFee } from "../core/orders/index.ts";
import { adverts, brands, ledgerEntries, orderEvents, orders, payments } from "../db/schema/index.ts";
import type { Condition } from "../schemas/values.ts";
import type { Core } from "../server/services.ts";
import { laptopPicture } from "./demo-images.ts";
import { createAdvert, createUser } from "./factories.ts";

/**
 * Twelve months of finished sales, so price guidance and the cards' price badges show on first start.
 * Each laptop's processor columns come from the processor matcher, as they would for a posted advert.
 * Orders are written as history — booked, paid and received on past dates — not through the core: the
 * core would date them today and tell everyone about sales that ended months ago.
 */
interface Configuration {
  brand: string;
  model: string;
  processor: string;
  ramGb: number;
  storageGb: number;
  condition: Condition;
  /** Sale prices in dollars, about one a month over the past year, most recent first. */
  sold: number[];
  /** Sales 13 and 14 months ago: outside the window, they count for nothing. */
  soldOverAYearAgo: number[];
  /** Laptops of this configuration for sale now, in dollars: priced to earn "Great price", "Fair price", none. */
  listed: number[];
}

const CONFIGURATIONS: Configuration[] = [
  {
    // The issue's common configuration: an 8th-generation Core i5, 8 GB, 256 GB, good, about 3 years old.
    brand: "Dell",
    model: "Latitude 5490",
    processor: "Intel Core i5-8250U",
    ramGb: 8,
    storageGb: 256,
    condition: "good",
    sold: [310, 285, 340, 295, 360, 275, 325, 300, 350, 290],
    soldOverAYearAgo: [520, 510],
    listed: [265, 320, 420],
  },
  {
    brand: "Lenovo",
    model: "ThinkPad T490",
    processor: "Intel Core i7-8565U",
    ramGb: 16,
    storageGb: 512,
    condition: "excellent",
    sold: [480, 455, 510, 470, 495, 440, 520],
    soldOverAYearAgo: [],
    listed: [430, 490],
  },
];

const DAY_MS = 24 * 3600 * 1000;

/** The demo's sales history: one seller who sold these laptops over the past year, one buyer who bought them. */
export async function seedSalesHistory(s: Core) {
  const seller = await createUser(s, { name: "Tariq Traders", email: "tariq@relaptop.test", role: "seller" });
  const buyer = await createUser(s, { name: "Jamal Uddin", email: "jamal@relaptop.test" });
  for (const [c, config] of CONFIGURATIONS.entries()) {
    const [brand] = await s.runtime.db.select({ id: brands.id }).from(brands).where(eq(brands.name, config.brand));
    if (!brand) continue;
    const name = `${config.brand} ${config.model}`;
    const imageKey = await s.services.media.put(await laptopPicture(name, 30 + c * 90), "webp");
    const specs = {
      processor: config.processor,
      ...processorColumns(config.processor),
      ramGb: config.ramGb,
      storageGb: config.storageGb,
      storageType: "SSD",
    };
    const sales = [
      ...config.sold.map((dollars, i) => ({ dollars, daysAgo: 10 + i * 33 })),
      ...config.soldOverAYearAgo.map((dollars, i) => ({ dollars, daysAgo: 395 + i * 30 })),
    ];
    /** One of the seller's laptops of this configuration, its specification as a posted advert has it. */
    const laptop = async (dollars: number, more: { yearsOfUse: number; createdAt: Date; status?: "sold" }) => {
      const advert = await createAdvert(s, {
        sellerId: seller.id,
        brandId: brand.id,
        name,
        imageKey,
        resalePriceCents: dollars * 100,
        condition: config.condition,
        ...more,
      });
      await s.runtime.db.update(adverts).set(specs).where(eq(adverts.id, advert.id));
      return advert;
    };
    for (const [i, { dollars, daysAgo }] of sales.entries()) {
      const soldAt = new Date(Date.now() - daysAgo * DAY_MS);
      const createdAt = new Date(soldAt.getTime() - 6 * DAY_MS);
      const advert = await laptop(dollars, { yearsOfUse: 2 + (i % 3), status: "sold", createdAt });
      await recordSale(s, { advertId: advert.id, name, imageKey, priceCents: dollars * 100, buyer, soldAt });
    }
    for (const [i, dollars] of config.listed.entries()) {
      await laptop(dollars, { yearsOfUse: 3, createdAt: new Date(Date.now() - (2 + i) * DAY_MS) });
    }
  }
  await s.services.catalogue.refreshPriceGuidesNow();
}

/**
 * A past sale (demo data and tests): its order booked, paid two hours later, handed over the next day and final
 * when its protection window ended, with its events.
 */
export async function recordSale(
  s: Core,
  sale: {
    advertId: string;
    name: string;
    imageKey: string;
    priceCents: number;
    buyer: { id: string; name: string; email: string };
    soldAt: Date;
  },
) {
  const bookedAt = new Date(sale.soldAt.getTime() - 2 * 3600 * 1000);
  const receivedAt = new Date(sale.soldAt.getTime() + DAY_MS);
  const completedAt = new Date(receivedAt.getTime() + 3 * DAY_MS);
  const fee = feeAtPayment({ priceCents: sale.priceCents, shippingCents: 0 });
  const [order] = await s.runtime.db
    .insert(orders)
    .values({
      ...fee,
      advertId: sale.advertId,
      number: newOrderNumber(),
      sellerId: sql`(select ${adverts.sellerId} from ${adverts} where ${adverts.id} = ${sale.advertId})`,
      buyerId: sale.buyer.id,
      buyerName: sale.buyer.name,
      buyerEmail: sale.buyer.email,
      meetingLocation: "Dhanmondi 27, Dhaka",
      buyerPhone: "01711234567",
      priceCents: sale.priceCents,
      productName: sale.name,
      productImageKey: sale.imageKey,
      status: "completed",
      handedOverAt: receivedAt,
      receivedAt,
      createdAt: bookedAt,
      updatedAt: completedAt,
    })
    .returning({ id: orders.id, sellerId: orders.sellerId });
  if (!order) throw new Error("order not created");
  // Paid as every sale is: its payment recorded at its price (the money invariants hold on the demo too).
  await s.runtime.db.insert(payments).values({
    orderId: order.id,
    advertId: sale.advertId,
    email: sale.buyer.email,
    priceCents: sale.priceCents,
    provider: "simulated",
    transactionId: `history-${order.id}`,
    status: "succeeded",
    createdAt: sale.soldAt,
  });
  await s.runtime.db.insert(orderEvents).values([
    { orderId: order.id, toStatus: "booked", transition: "book", actorId: sale.buyer.id, at: bookedAt },
    { orderId: order.id, fromStatus: "booked", toStatus: "paid", transition: "pay", at: sale.soldAt },
    {
      orderId: order.id,
      fromStatus: "paid",
      toStatus: "handed_over",
      transition: "confirmReceipt",
      actorId: sale.buyer.id,
      at: receivedAt,
    },
    { orderId: order.id, fromStatus: "handed_over", toStatus: "completed", transition: "complete", at: completedAt },
  ]);
  await recordHistoryInLedger(s, { ...order, ...fee, priceCents: sale.priceCents, shippingCents: 0 }, [
    ["pay", sale.soldAt],
    ["complete", completedAt],
  ]);
}

/**
 * A past sale's ledger groups, as its transitions wrote them (core/ledger's POSTINGS) but on the dates they
 * happened: the ledger is written once, so history is written with its own times rather than moved afterwards.
 */
async function recordHistoryInLedger(
  s: Core,
  order: OrderMoney & { id: string; sellerId: string },
  steps: [transition: "pay" | "complete", at: Date][],
) {
  const balances: OrderBalances = {};
  const rows = steps.flatMap(([transition, at]) => {
    const groupId = randomUUID();
    const entries = POSTINGS[transition]?.(order, balances) ?? [];
    for (const e of entries) balances[e.account] = (balances[e.account] ?? 0) + e.amountCents;
    return entries.map((e) => ({
      groupId,
      account: e.account,
      amountCents: e.amountCents,
      orderId: order.id,
      sellerId: e.account.startsWith("seller_") ? order.sellerId : null,
      movement: transition,
      createdAt: at,
    }));
  });
  await s.runtime.db.insert(ledgerEntries).values(rows);
}

/**
 * The ledger groups of the orders a statement's `made` returns (id, seller_id, price_cents, fee_cents, status,
 * created_at, updated_at), paid two hours after they were booked and, once completed, final at their last
 * update — as the transitions write them (core/ledger/postings.ts: `pay`, and `complete` for the completed
 * ones), on the dates they happened, one group per order and movement (its id md5(order || movement), as
 * migration 0029's backfill). Set-based history: seed:bulk's, and the ledger benchmark's (bench/ledger.ts).
 */
export const historyLedgerOfMade = sql`insert into ledger_entries (group_id, account, seller_id, order_id, amount_cents, movement, created_at)
      select md5(m.id::text || e.movement)::uuid, e.account, e.seller_id, m.id, e.amount, e.movement, e.at
      from made m cross join lateral (values
        ('pay', 'clearing', null, m.price_cents::bigint, m.created_at + interval '2 hours'),
        ('pay', 'seller_pending', m.seller_id, -(m.price_cents - m.fee_cents)::bigint, m.created_at + interval '2 hours'),
        ('pay', 'platform_fees', null, -m.fee_cents::bigint, m.created_at + interval '2 hours'),
        ('complete', 'seller_pending', m.seller_id,
          case when m.status = 'completed' then (m.price_cents - m.fee_cents)::bigint end, m.updated_at),
        ('complete', 'seller_available', m.seller_id,
          case when m.status = 'completed' then -(m.price_cents - m.fee_cents)::bigint end, m.updated_at)
      ) as e(movement, account, seller_id, amount, at)
      where e.amount is not null and e.amount <> 0`;

/**
 * seed:bulk's sales history: every sold bulk laptop without an order gets one — bought by another bulk
 * account at its price, paid at a random moment of the last 15 months (so some fall outside the
 * 12-month window), 80 % received and final four days later (once those days are past) — with its payment,
 * the payment's event, the fee of the rule in force and its ledger groups (historyLedgerOfMade). One statement, whatever the
 * count.
 */
export async function seedBulkSalesHistory(db: Core["runtime"]["db"]) {
  const { basisPoints, fixedCents } = platformFee();
  await db.execute(sql`
    with buyers as (
      select array_agg(id) as ids, count(*)::int as n from (select id from users where id like 'bulk-%' limit 5000) u
    ), sold as (
      select a.id, a.seller_id, a.name, a.image_key, a.resale_price_cents,
        now() - random() * interval '450 days' as paid_at, random() < 0.8 as received,
        buyers.ids[1 + abs(hashtext(a.id::text)) % buyers.n] as buyer_id,
        row_number() over () + (select count(*) from orders) as nth
      from adverts a cross join buyers
      where a.status = 'sold' and a.seller_id like 'bulk-%'
        and not exists (select 1 from orders o where o.advert_id = a.id)
    ), made as (
      insert into orders (advert_id, seller_id, number, buyer_id, buyer_name, buyer_email, meeting_location, buyer_phone,
        price_cents, product_name, product_image_key, status, fee_basis_points, fee_fixed_cents, fee_cents,
        created_at, updated_at)
      select s.id, s.seller_id, ${orderNumberOf(sql`s.nth`)},
        u.id, u.name, u.email, 'Dhaka', '01700000000', s.resale_price_cents, s.name, s.image_key,
        case when s.final then 'completed' else 'paid' end, ${basisPoints}::int, ${fixedCents}::int,
        least(s.resale_price_cents, round(s.resale_price_cents * ${basisPoints}::int / 10000.0) + ${fixedCents}::int),
        s.paid_at - interval '2 hours',
        case when s.final then s.paid_at + interval '4 days' else s.paid_at end
      from (select *, received and paid_at < now() - interval '4 days' as final from sold) s
      join users u on u.id = s.buyer_id
      returning id, advert_id, seller_id, buyer_email, price_cents, fee_cents, status, created_at, updated_at
    ), paid as (
      insert into payments (order_id, advert_id, email, price_cents, provider, transaction_id, status, created_at)
      select id, advert_id, buyer_email, price_cents, 'simulated', 'history-' || id, 'succeeded',
        created_at + interval '2 hours'
      from made
    ), booked as (
      ${historyLedgerOfMade}
    )
    insert into order_events (order_id, from_status, to_status, transition, created_at)
    select id, 'booked', 'paid', 'pay', created_at + interval '2 hours' from made`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_events`);
  await db.execute(sql`analyze payments`);
  await db.execute(sql`analyze ledger_entries`);
}
