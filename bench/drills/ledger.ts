/**
 * Ledger: 1,000 orders (60 short) down random paths — a booking cancelled, a payment cancelled and refunded,
 * a handover and "Everything is fine", a reported problem decided (refund, partial refund of a random amount,
 * release), a refund made at the card provider before, while and after the seller's payout, orders left paid,
 * in their window or disputed — then the payout job on a clock of its own: a seller's bank refusing the
 * transfer until they give other details (Stripe: a seller who has not finished onboarding, and Stripe down
 * for one transfer), retried after the backoff, refunds after payout taken back. On the embedded database, on
 * PostgreSQL, and on PostgreSQL again with Stripe (a local fake) taking cards and paying sellers.
 * People act over HTTP (buyers, sellers, an admin, Stripe's webhooks), against the app started in this process
 * so that the jobs can run on the drill's clock (services.payouts.run, as the payout job calls it). After: the
 * money invariants (the ledger's included), every order ended where its path leads, the provider's record
 * agrees with the ledger and our payouts line by line (ledger-books.ts), and Finance's totals are the provider's.
 * The seed of the random paths is printed; LEDGER_DRILL_SEED=<n> plays a run again.
 */
import { eq, sql } from "drizzle-orm";
import { queuePayouts } from "../../core/payouts/index.ts";
import { openDatabase } from "../../db/client.ts";
import { payments } from "../../db/schema/index.ts";
import { laptopPicture } from "../../seed/demo-images.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { type Core, createServices } from "../../server/services.ts";
import { startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { brokenMoneyInvariantsIn } from "../../tests/support/money-invariants.ts";
import { booksDisagree, type ProviderLine, simulatedBook, stripeBook } from "./ledger-books.ts";
import { type FakeStripe, stripeEnv, type Webhook, webhookSender } from "./stripe.ts";
import { type Answer, buyer, type Call, check, type Database, embedded, postgres, signIn, watched } from "./support.ts";

const PORT = 3512;
const BASE = `http://127.0.0.1:${PORT}`;
const WORKERS = 8;
const SELLERS = 5;
const MINUTE = 60_000;

/** A small seeded PRNG (mulberry32), so that a run's paths can be played again. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Who acts on an order, and the provider's side of a refund made there. */
interface Actors {
  buyer: Call;
  seller: Call;
  admin: Call;
  refundAtProvider(orderId: string): Promise<void>;
  pay(orderId: string): Promise<void>;
  /** Stripe tells us of every refund, ours too (charge.refunded): nothing more may move. */
  refundReported(orderId: string): Promise<void>;
}
interface Plan {
  orderId: string;
  path: Path;
  sellerIndex: number;
  advertId: string;
  priceCents: number;
  /** A partial refund's amount: a cent, all of the charge but a cent, or anything between. */
  partCents: number;
}
interface Path {
  name: string;
  weight: number;
  /** What people do before the payout job runs. */
  before(a: Actors, plan: Plan): Promise<void>;
  /** A refund at the provider once payouts are queued (`queued`), or once they landed (`paid`). */
  refundAt?: "queued" | "paid";
  /** Where the order and its payout end. */
  ends: { status: string; payout: "paid" | "reversed" | null };
}

/** Fails the order's path unless the answer is the one expected. */
function need(answer: Answer, status: number, what: string) {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}, not ${status}: ${answer.json?.message ?? ""}`);
  }
  return answer.json ?? {};
}
const handOver = async (a: Actors, { orderId }: Plan) =>
  need(await a.seller("POST", `/api/orders/${orderId}/handed-over`), 204, "handover");
const accept = async (a: Actors, { orderId }: Plan) =>
  need(await a.buyer("POST", `/api/orders/${orderId}/accept`), 204, "Everything is fine");
async function completed(a: Actors, plan: Plan) {
  await a.pay(plan.orderId);
  await handOver(a, plan);
  await accept(a, plan);
}
async function disputed(a: Actors, plan: Plan) {
  await a.pay(plan.orderId);
  await handOver(a, plan);
  const form = new FormData();
  form.set("reason", "does_not_work");
  form.set("description", "It does not start: the screen stays black.");
  return String(need(await a.buyer("POST", `/api/orders/${plan.orderId}/dispute`, form), 201, "report").id);
}
async function decided(a: Actors, plan: Plan, decision: "refund" | "partial_refund" | "release", status: string) {
  const disputeId = await disputed(a, plan);
  const body = {
    decision,
    reason: "Decided on the photos and both accounts.",
    ...(decision === "partial_refund" && { amountCents: plan.partCents }),
  };
  const reply = need(await a.admin("POST", `/api/disputes/${disputeId}/decision`, body), 200, decision);
  if (reply.status !== status) throw new Error(`${decision} left the order ${reply.status}, not ${status}`);
  if (decision !== "release") await a.refundReported(plan.orderId);
}

const PATHS: Path[] = [
  {
    name: "booking cancelled",
    weight: 8,
    before: async (a, { orderId }) => {
      const reply = need(await a.buyer("POST", `/api/orders/${orderId}/cancel`), 200, "cancel");
      if (reply.status !== "cancelled") throw new Error(`cancel answered ${reply.status}`);
    },
    ends: { status: "cancelled", payout: null },
  },
  {
    name: "paid, cancelled (refunded)",
    weight: 10,
    before: async (a, { orderId }) => {
      await a.pay(orderId);
      const reply = need(await a.buyer("POST", `/api/orders/${orderId}/cancel`), 200, "cancel");
      if (reply.status !== "refunded") throw new Error(`cancel answered ${reply.status}`);
      await a.refundReported(orderId);
    },
    ends: { status: "refunded", payout: null },
  },
  { name: "completed", weight: 30, before: completed, ends: { status: "completed", payout: "paid" } },
  {
    name: "disputed, refunded",
    weight: 6,
    before: (a, plan) => decided(a, plan, "refund", "refunded"),
    ends: { status: "refunded", payout: null },
  },
  {
    name: "disputed, refunded in part",
    weight: 8,
    before: (a, plan) => decided(a, plan, "partial_refund", "completed"),
    ends: { status: "completed", payout: "paid" },
  },
  {
    name: "disputed, released",
    weight: 6,
    before: (a, plan) => decided(a, plan, "release", "completed"),
    ends: { status: "completed", payout: "paid" },
  },
  {
    name: "refunded at the provider before payout",
    weight: 8,
    before: async (a, plan) => {
      // Paid, handed over, or completed: wherever the refund at the provider finds it.
      const stage = plan.priceCents % 3;
      await a.pay(plan.orderId);
      if (stage >= 1) await handOver(a, plan);
      if (stage >= 2) await accept(a, plan);
      await a.refundAtProvider(plan.orderId);
    },
    ends: { status: "refunded", payout: null },
  },
  {
    name: "refunded at the provider, payout queued",
    weight: 5,
    before: completed,
    refundAt: "queued",
    ends: { status: "refunded", payout: "reversed" },
  },
  {
    name: "refunded at the provider after payout",
    weight: 8,
    before: completed,
    refundAt: "paid",
    ends: { status: "refunded", payout: "reversed" },
  },
  { name: "left paid", weight: 4, before: (a, { orderId }) => a.pay(orderId), ends: { status: "paid", payout: null } },
  {
    name: "left in its window",
    weight: 4,
    before: async (a, plan) => {
      await a.pay(plan.orderId);
      await handOver(a, plan);
    },
    ends: { status: "handed_over", payout: null },
  },
  {
    name: "left disputed",
    weight: 3,
    before: async (a, plan) => void (await disputed(a, plan)),
    ends: { status: "disputed", payout: null },
  },
];

function pick(random: () => number): Path {
  const total = PATHS.reduce((s, p) => s + p.weight, 0);
  let r = random() * total;
  for (const path of PATHS) {
    r -= path.weight;
    if (r < 0) return path;
  }
  return PATHS[0] as Path;
}

/** The drill's people: an admin and the sellers sign in; the buyers sign up as anyone does. */
async function seedPeople(core: Core, count: number, random: () => number) {
  const admin = await createUser(core, { name: "Drill Ada", email: "admin@ledger.test", role: "admin" });
  const sellers = [];
  for (let i = 0; i < SELLERS; i++) {
    sellers.push(
      await createUser(core, { name: `Drill Seller ${i}`, email: `seller${i}@ledger.test`, role: "seller" }),
    );
  }
  const brand = await createBrand(core, "Drill");
  const imageKey = await core.services.media.put(await laptopPicture("Drill", 200), "webp");
  const plans: Omit<Plan, "orderId">[] = [];
  for (let i = 0; i < count; i++) {
    // Every path at least once, then as the weights fall.
    const path = i < PATHS.length ? (PATHS[i] as Path) : pick(random);
    // The seller whose payouts fail first (0) sells nothing whose payout a refund must find sent.
    const sellerIndex = path.refundAt ? 1 + Math.floor(random() * (SELLERS - 1)) : Math.floor(random() * SELLERS);
    const priceCents = 10_000 + Math.floor(random() * 190_000);
    // Up to a cent below the charge: a "partial" refund of all of it is refused (a refund in full ends the sale).
    const edge = random();
    const partCents = edge < 0.1 ? 1 : edge < 0.2 ? priceCents - 1 : 1 + Math.floor(random() * (priceCents - 1));
    const seller = sellers[sellerIndex];
    if (!seller) throw new Error("no seller");
    const advert = await createAdvert(core, {
      sellerId: seller.id,
      brandId: brand.id,
      name: `Ledger laptop ${i}`,
      resalePriceCents: priceCents,
      imageKey,
    });
    plans.push({ path, sellerIndex, advertId: advert.id, priceCents, partCents });
  }
  return { admin, sellers, plans };
}

interface Run {
  db: Database;
  stripe: FakeStripe | null;
  count: number;
  seed: number;
}

/** One database, one provider: the paths, the payout job, and the books. */
async function play({ db, stripe, count, seed }: Run) {
  const random = prng(seed);
  const env = {
    ...process.env,
    ...db.env,
    AUTH_SECRET: "drill-secret-drill-secret-drill-secret-0",
    PUBLIC_URL: BASE,
    LOG_LEVEL: "error",
    SIGNUPS_PER_HOUR: "100000",
    // The drill's admin decides disputes over HTTP: its second factor is two-factor.test.ts's subject, not this.
    ADMIN_TWO_FACTOR: "optional",
    ...(stripe && { ...stripeEnv(stripe.apiBase), PAYOUT_PROVIDER: "stripe" }),
  };
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  const core = createServices(config, database, { insecureFastHash: true });
  const { services, runtime } = core;
  const app = await buildApp({ config, services, runtime, pages: false });
  const errors = { n: 0 };
  try {
    await app.listen({ port: PORT, host: "127.0.0.1" });
    const { sellers, plans } = await seedPeople(core, count, random);
    const admin = watched(await signIn(BASE, "admin@ledger.test"), errors);
    const sellerCalls = await Promise.all(
      sellers.map(async (_, i) => watched(await signIn(BASE, `seller${i}@ledger.test`), errors)),
    );
    const webhook: Webhook = watched(webhookSender(BASE), errors);
    await setUpPayouts(stripe, sellerCalls, webhook);

    // The people's part: each worker a buyer, its orders one after another.
    const ended = new Map<string, string>();
    const orders: Plan[] = [];
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        const call = watched(await buyer(BASE, `ledger${w}.${seed}`), errors);
        for (let i = w; i < plans.length; i += WORKERS) {
          const planned = plans[i] as Omit<Plan, "orderId">;
          const seller = sellerCalls[planned.sellerIndex] as Call;
          let plan: Plan | undefined;
          try {
            const booked = need(
              await call("POST", "/api/orders", {
                advertId: planned.advertId,
                meetingLocation: "Drill",
                phone: "0171234567",
              }),
              201,
              "booking",
            );
            plan = { ...planned, orderId: String(booked.id) };
            orders.push(plan);
            const actors: Actors = {
              buyer: call,
              seller,
              admin,
              pay: (orderId) => (stripe ? payWithStripe(call, webhook, stripe, orderId) : payWithCard(call, orderId)),
              refundAtProvider: (orderId) => refundAtProvider(core, stripe, webhook, orderId),
              refundReported: (orderId) => (stripe ? refundReported(core, webhook, orderId) : Promise.resolve()),
            };
            await planned.path.before(actors, plan);
          } catch (error) {
            ended.set(plan?.orderId ?? `unbooked ${i}`, `FAILED: ${(error as Error).message}`);
          }
        }
      }),
    );
    const failedPaths = [...ended.values()];
    check(
      failedPaths.length === 0,
      `every order went down its path over HTTP (${failedPaths.slice(0, 3).join("; ") || "none failed"})`,
    );

    await payoutsOnTheirClock(core, stripe, webhook, sellerCalls, orders);

    // Where every order ended, and its payout.
    const { rows } = (await runtime.db.execute(
      sql`select o.id, o.status, p.status as payout from orders o left join payouts p on p.order_id = o.id`,
    )) as unknown as { rows: { id: string; status: string; payout: string | null }[] };
    const byId = new Map(rows.map((r) => [r.id, r]));
    const astray = orders.filter((o) => {
      const row = byId.get(o.orderId);
      return row?.status !== o.path.ends.status || (row?.payout ?? null) !== o.path.ends.payout;
    });
    check(
      astray.length === 0,
      `every order and its payout ended where its path leads (${
        astray
          .slice(0, 3)
          .map((o) => `${o.path.name}: ${byId.get(o.orderId)?.status}/${byId.get(o.orderId)?.payout}`)
          .join("; ") || "all"
      })`,
    );
    check(errors.n === 0, `no 5xx and no request unanswered (${errors.n})`);

    const broken = await brokenMoneyInvariantsIn(runtime.db);
    check(broken.length === 0, `the money agrees: ${broken.join("; ") || "every invariant holds, the ledger's too"}`);
    const book = stripe ? stripeBook(stripe) : await simulatedBook(runtime.db);
    const disagree = await booksDisagree(runtime.db, book);
    check(
      disagree.length === 0,
      `${stripe ? "Stripe's" : "the simulated providers'"} charges, refunds, transfers and reversals are the ledger's and our payouts', line by line (${disagree.length} mismatches${disagree.length ? `: ${disagree.slice(0, 3).join("; ")}` : ""})`,
    );
    await finance(admin, book, orders);
  } finally {
    await app.close();
    await services.jobs.stop();
    await database.close();
  }
}

/** Each seller's payout account: seller 0's bank refuses transfers (simulated) or they have not finished Stripe's onboarding. */
async function setUpPayouts(stripe: FakeStripe | null, sellers: Call[], webhook: Webhook) {
  for (const [i, seller] of sellers.entries()) {
    if (!stripe) {
      const accountNumber = i === 0 ? "000123450002" : `00012345${String(1000 + i)}`;
      need(
        await seller("POST", "/api/payouts/account", { holder: `Seller ${i}`, accountNumber }),
        200,
        "payout account",
      );
      continue;
    }
    need(await seller("POST", "/api/payouts/onboarding"), 200, "onboarding");
    if (i > 0) await finishOnboarding(stripe, webhook, i);
  }
}

async function finishOnboarding(stripe: FakeStripe, webhook: Webhook, i: number) {
  const account = [...stripe.accounts.values()].find((a) => a.email === `seller${i}@ledger.test`);
  if (!account) throw new Error(`seller ${i} has no Stripe account`);
  stripe.completeOnboarding(account.id);
  need(await webhook("account.updated", stripe.accountUpdatedEvent(account.id) as never), 200, "account.updated");
}

async function payWithCard(call: Call, orderId: string) {
  const card = { cardNumber: "4242424242424242", expiry: "12 / 34", cvc: "123", attemptKey: `ledger-${orderId}` };
  need(await call("POST", `/api/orders/${orderId}/pay`, card), 200, "payment");
}

/** Stripe: the intent is made, Stripe.js confirms the card, and Stripe reports the success. */
async function payWithStripe(call: Call, webhook: Webhook, stripe: FakeStripe, orderId: string) {
  const { clientSecret } = need(await call("POST", `/api/orders/${orderId}/payment-intent`), 200, "payment intent");
  const intentId = String(clientSecret).split("_secret_")[0] as string;
  stripe.succeed(intentId);
  need(await webhook("payment_intent.succeeded", { id: intentId, metadata: { orderId } }), 200, "success event");
}

/** Stripe's charge.refunded for a refund we made ourselves (a cancel, a dispute's decision). */
async function refundReported({ runtime }: Core, webhook: Webhook, orderId: string) {
  const [payment] = await runtime.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment?.refundId) throw new Error(`order ${orderId} has no refund to report`);
  const { transactionId: intentId, refundId } = payment;
  const charge = { id: `ch_${intentId}`, payment_intent: intentId, refunds: { data: [{ id: refundId }] } };
  need(await webhook("charge.refunded", charge), 200, "charge.refunded of our refund");
}

/**
 * A refund made at the card provider, not by us: the simulated provider's own refund then the report of it
 * (what Stripe's charge.refunded does), or a refund in Stripe's dashboard and its signed webhook.
 */
async function refundAtProvider(
  { services, runtime }: Core,
  stripe: FakeStripe | null,
  webhook: Webhook,
  orderId: string,
) {
  const [payment] = await runtime.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error(`order ${orderId} has no payment to refund`);
  if (stripe) {
    const refundId = stripe.refundInDashboard(payment.transactionId);
    const charge = {
      id: `ch_${payment.transactionId}`,
      payment_intent: payment.transactionId,
      refunds: { data: [{ id: refundId }] },
    };
    need(await webhook("charge.refunded", charge), 200, "charge.refunded");
    return;
  }
  if (services.payments.flow !== "server-card") throw new Error("the simulated provider takes the cards here");
  const { refundId } = await services.payments.refund(payment.transactionId);
  await services.orders.refundedByProvider(payment.transactionId, refundId);
}

/**
 * The payout job on the drill's clock: queue, refunds at the provider of queued payouts, send (seller 0's
 * refused or not yet active; with Stripe, Stripe down for one transfer), refunds after payout, the backoff
 * passed, seller 0 fixes their account, and runs until nothing is due.
 */
async function payoutsOnTheirClock(
  core: Core,
  stripe: FakeStripe | null,
  webhook: Webhook,
  sellers: Call[],
  orders: Plan[],
) {
  const { services, runtime } = core;
  const payouts = services.payouts;
  let skew = 0;
  const now = () => new Date(Date.now() + skew);
  const drain = async () => {
    for (let round = 0; round < 50; round++) {
      const { queued, sent, reversed } = await payouts.run({ queue: true }, now());
      if (queued + sent + reversed === 0) return;
    }
  };
  while ((await queuePayouts(runtime.db, payouts.provider.name)) > 0);
  const refund = (at: "queued" | "paid") =>
    Promise.all(
      orders.filter((o) => o.path.refundAt === at).map((o) => refundAtProvider(core, stripe, webhook, o.orderId)),
    );
  await refund("queued");
  stripe?.failNextTransfers(3); // one transfer: the SDK's request and its two retries
  await drain();
  const failing = await payoutStates(core);
  const sellerZeroFailed = failing.filter((p) => p.status === "failed");
  if (stripe) {
    check(
      sellerZeroFailed.length === 1 && /could not be reached/.test(sellerZeroFailed[0]?.last_error ?? ""),
      `Stripe down for one transfer: that payout failed, to be tried again (${sellerZeroFailed.length} failed)`,
    );
  } else {
    const told = await sellers[0]?.("GET", "/api/payouts");
    const reasons = (told?.json?.failed as { reason: string }[] | undefined) ?? [];
    check(
      sellerZeroFailed.length > 0 &&
        reasons.length === Math.min(20, sellerZeroFailed.length) && // the page lists 20
        /bank refused/.test(reasons[0]?.reason ?? ""),
      `a bank that refuses transfers: ${sellerZeroFailed.length} payouts failed, and their seller reads why on Payouts`,
    );
  }
  await refund("paid");
  skew += 2 * MINUTE; // past the first backoff
  await drain();
  // Seller 0 gives other bank details, or finishes Stripe's onboarding: what failed or waited is sent now.
  if (stripe) await finishOnboarding(stripe, webhook, 0);
  else
    need(
      await (sellers[0] as Call)("POST", "/api/payouts/account", { holder: "Seller 0", accountNumber: "000123451234" }),
      200,
      "new details",
    );
  skew += MINUTE;
  for (let i = 0; i < 5; i++) {
    await drain();
    skew += 3 * 60 * MINUTE;
  }
  const left = (await payoutStates(core)).filter((p) => !["paid", "reversed"].includes(p.status));
  check(
    left.length === 0,
    `every payout landed or was taken back (${left.length} still ${left.map((p) => p.status).join(", ") || "due"})`,
  );
}

async function payoutStates({ runtime }: Core) {
  const { rows } = (await runtime.db.execute(sql`select status, last_error from payouts`)) as unknown as {
    rows: { status: string; last_error: string | null }[];
  };
  return rows;
}

/** Finance, as an admin reads it: balanced, and its totals the provider's. */
async function finance(admin: Call, book: Map<string, ProviderLine>, orders: Plan[]) {
  const reply = need(await admin("GET", "/api/finance"), 200, "Finance");
  const totals = reply.totals as Record<string, number>;
  const ledgerCheck = reply.check as { balanced: boolean; problems: string[] };
  let charged = 0;
  let refunded = 0;
  let transferred = 0;
  for (const line of book.values()) {
    charged += line.charged;
    refunded += line.refunded;
    transferred += line.transfers.reduce((s, t) => s + t.amount, 0);
  }
  check(
    ledgerCheck.balanced,
    `Finance's check: the ledger balances (${ledgerCheck.problems.join("; ") || "every day sums to zero"})`,
  );
  check(
    totals.salesCents === charged && totals.refundsCents === refunded && totals.payoutsCents === transferred,
    `Finance's totals are the provider's: sales ${money(totals.salesCents)} (${money(charged)} charged), refunds ${money(totals.refundsCents)} (${money(refunded)}), payouts ${money(totals.payoutsCents)} (${money(transferred)} transferred)`,
  );
  const perPath = PATHS.map((p) => `${orders.filter((o) => o.path === p).length} ${p.name}`);
  console.log(`  ${perPath.join(", ")}`);
  console.log(
    `  fees ${money(totals.feesCents)}, still pending ${money(totals.pendingCents)}, available ${money(totals.availableCents)}, taken back ${money([...book.values()].reduce((s, l) => s + l.transfers.reduce((t, x) => t + x.reversed, 0), 0))}`,
  );
}

const money = (cents: number | undefined) =>
  `$${((cents ?? 0) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

export async function ledgerDrill({ short }: { short: boolean }) {
  const count = short ? 60 : 1000;
  const seed = Number(process.env.LEDGER_DRILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`ledger: ${count} orders down random paths (seed ${seed}; LEDGER_DRILL_SEED=${seed} plays it again)`);
  const runs: { name: string; db: () => Promise<Database>; stripe: boolean; count: number }[] = [
    { name: "embedded", db: async () => embedded(), stripe: false, count },
    { name: "PostgreSQL", db: () => postgres("ledger"), stripe: false, count },
    { name: "PostgreSQL with Stripe", db: () => postgres("ledger_stripe"), stripe: true, count: short ? 40 : count },
  ];
  for (const run of runs) {
    const began = Date.now();
    console.log(`  on ${run.name}: ${run.count} orders`);
    const db = await run.db();
    const fake = run.stripe ? await startFakeStripe() : null;
    try {
      await play({ db, stripe: fake, count: run.count, seed });
    } catch (error) {
      check(false, `the drill ran to its end on ${run.name}: ${(error as Error).stack}`);
    } finally {
      await fake?.close();
      await db.drop();
    }
    console.log(`  (${((Date.now() - began) / 1000).toFixed(1)} s on ${run.name})`);
  }
}
