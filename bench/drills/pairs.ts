/**
 * Pairs: every two order actions that can meet, sent at the same moment over HTTP, round after round on
 * each database — pay ∥ pay (two tabs, two attempt keys), pay ∥ cancel, cancel ∥ receipt, cancel ∥ cancel,
 * the seller's handover ∥ cancel, the seller's decline ∥ pay, pay ∥ the seller deleting the laptop, pay ∥ an
 * admin removing it or deleting its seller, a booking ∥ its seller's account deleted, the seller's account
 * deleted twice at once, and, with Stripe, a dashboard refund's webhook ∥ receipt. (The
 * timers' pairs — a deadline ∥ a person, Report a problem ∥ the window's end or Everything is fine — need a clock
 * of their own: tests/integration/order-races.test.ts; two admins' decisions on one dispute, and a partial
 * refund ∥ Stripe's webhook for it: tests/integration/disputes.test.ts and stripe.test.ts, both databases.) Whichever wins, no answer is a 5xx, the order ends in a state
 * its two answers explain, and the money agrees: the invariants, and a refunded charge always means a
 * refunded order. Each pair has its own buyer (one payment hold and ten bookings per buyer).
 */
import { startFakeStripe } from "../../tests/support/fake-stripe.ts";
import { brokenStripeRefunds, type FakeStripe, stripeEnv, type Webhook, webhookSender } from "./stripe.ts";
import {
  type Answer,
  booking,
  both,
  brokenMoneyInvariants,
  buyer,
  type Call,
  card,
  check,
  type Database,
  DRILL_ADMIN,
  DRILL_SELLER,
  embedded,
  healthy,
  type Laptop,
  postgres,
  signIn,
  startServer,
  stockLaptops,
  stop,
  watched,
} from "./support.ts";

const PORT = 3506;
const BASE = `http://127.0.0.1:${PORT}`;

/** Who acts in a round: the pair's buyer, the seller, an admin, and Stripe (its API and its webhooks). */
interface Actors {
  buyer: Call;
  seller: Call;
  admin: Call;
  webhook: Webhook;
  fake: FakeStripe;
}

interface Pair {
  name: string;
  /** Stripe pairs run on a second start of the server, with Stripe taking the cards. */
  stripe?: true;
  /** Each round's laptop: one seller's, its own seller's (who is then deleted), or already reported. */
  laptops?: "own seller" | "reported";
  /**
   * The buyer's order for the round's laptop, booked (and paid, when the pair starts from paid); none ("") when
   * the race itself books it (`orderOf` then reads it from the answers).
   */
  setup(a: Actors, laptop: Laptop): Promise<string>;
  /** The order the race made, from its two answers; absent when none was made (its status is then "none"). */
  orderOf?(first: Answer, second: Answer): string | undefined;
  /** The two actions, to be started together. */
  race(a: Actors, orderId: string, laptop: Laptop): [() => Promise<Answer>, () => Promise<Answer>];
  /** How a round may end: [what to call it, the order's status, the first answer's code, the second's]. */
  ends: [string, string, number, number][];
}

/** Fails the round's setup unless the answer is the one expected. */
function need(answer: Answer, status: number, what: string) {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}, not ${status}`);
  return answer.json ?? {};
}
const book = async (a: Actors, { advertId }: Laptop) =>
  String(need(await a.buyer("POST", "/api/orders", booking(advertId)), 201, "booking").id);
const pay = (a: Actors, id: string, tab = "one") =>
  a.buyer("POST", `/api/orders/${id}/pay`, { ...card(id), attemptKey: `tab-${tab}-${id}` });
const cancel = (a: Actors, id: string) => a.buyer("POST", `/api/orders/${id}/cancel`);
const receipt = (a: Actors, id: string) => a.buyer("POST", `/api/orders/${id}/receipt`);
const handOver = (a: Actors, id: string) => a.seller("POST", `/api/orders/${id}/handed-over`);
const decline = (a: Actors, id: string) =>
  a.seller("POST", `/api/orders/${id}/decline`, { reason: "Sold it to a friend this morning." });
async function paid(a: Actors, laptop: Laptop) {
  const id = await book(a, laptop);
  need(await pay(a, id), 200, "payment");
  return id;
}

/** Stripe: the intent is made, Stripe.js confirms the card, and Stripe reports the success. */
async function paidWithStripe(a: Actors, laptop: Laptop) {
  const id = await book(a, laptop);
  const { clientSecret } = need(await a.buyer("POST", `/api/orders/${id}/payment-intent`), 200, "payment intent");
  const intentId = String(clientSecret).split("_secret_")[0] as string;
  a.fake.succeed(intentId);
  need(await a.webhook("payment_intent.succeeded", { id: intentId, metadata: { orderId: id } }), 200, "success");
  return id;
}
const intentOf = (a: Actors, orderId: string) =>
  [...a.fake.intents.values()].find((i) => i.metadata.orderId === orderId)?.id ?? "";

const PAIRS: Pair[] = [
  {
    name: "pay ∥ pay",
    setup: book,
    race: (a, id) => [() => pay(a, id, "one"), () => pay(a, id, "two")],
    ends: [
      ["paid once (the other tab told it is in progress)", "paid", 200, 409],
      ["paid once (the other tab told it is in progress)", "paid", 409, 200],
      ["paid once (the other tab told it is paid)", "paid", 200, 200],
    ],
  },
  {
    name: "pay ∥ cancel",
    setup: book,
    race: (a, id) => [() => pay(a, id), () => cancel(a, id)],
    ends: [
      ["paid", "paid", 200, 409],
      ["cancelled", "cancelled", 409, 200],
      ["paid, then refunded", "refunded", 200, 200],
    ],
  },
  {
    name: "cancel ∥ receipt",
    setup: paid,
    race: (a, id) => [() => cancel(a, id), () => receipt(a, id)],
    ends: [
      ["refunded", "refunded", 200, 409],
      ["received", "handed_over", 409, 204],
    ],
  },
  {
    name: "handover ∥ cancel",
    setup: paid,
    race: (a, id) => [() => handOver(a, id), () => cancel(a, id)],
    ends: [
      ["handed over (the cancel refused with its date)", "handed_over", 204, 409],
      ["refunded (the handover refused)", "refunded", 409, 200],
    ],
  },
  {
    name: "decline ∥ pay",
    setup: book,
    race: (a, id) => [() => decline(a, id), () => pay(a, id)],
    ends: [
      ["declined (the payment refused, nothing charged)", "declined", 204, 409],
      ["paid (the decline refused)", "paid", 409, 200],
    ],
  },
  {
    name: "cancel ∥ cancel",
    setup: paid,
    race: (a, id) => [() => cancel(a, id), () => cancel(a, id)],
    ends: [
      ["refunded once", "refunded", 200, 409],
      ["refunded once", "refunded", 409, 200],
    ],
  },
  {
    name: "pay ∥ seller deletes",
    setup: book,
    race: (a, id, laptop) => [() => pay(a, id), () => a.seller("DELETE", `/api/adverts/${laptop.advertId}`)],
    ends: [
      ["paid", "paid", 200, 409],
      ["deleted", "withdrawn", 409, 204],
    ],
  },
  {
    name: "pay ∥ admin removes",
    laptops: "reported",
    setup: book,
    race: (a, id, laptop) => [
      () => pay(a, id),
      () => a.admin("POST", `/api/adverts/${laptop.advertId}/removal`, { reason: "Reported as a scam" }),
    ],
    ends: [
      ["paid", "paid", 200, 409],
      ["removed", "withdrawn", 409, 204],
    ],
  },
  {
    name: "pay ∥ admin deletes the seller",
    laptops: "own seller",
    setup: book,
    race: (a, id, laptop) => [() => pay(a, id), () => a.admin("DELETE", `/api/users/${laptop.sellerId}`)],
    ends: [
      // A sale in hand refuses the deletion (core/accounts/delete-account.ts), naming the order.
      ["paid (the deletion refused while the sale is open)", "paid", 200, 409],
      ["withdrawn", "withdrawn", 409, 204],
    ],
  },
  {
    name: "book ∥ admin deletes the seller",
    laptops: "own seller",
    setup: async () => "",
    race: (a, _id, laptop) => [
      () => a.buyer("POST", "/api/orders", booking(laptop.advertId)),
      () => a.admin("DELETE", `/api/users/${laptop.sellerId}`),
    ],
    orderOf: (booked) => (booked.status === 201 ? String(booked.json?.id) : undefined),
    ends: [
      ["booked, then withdrawn with the account", "withdrawn", 201, 204],
      ["refused: the laptop left with the account", "none", 404, 204],
    ],
  },
  {
    name: "admin deletes the seller ∥ again",
    laptops: "own seller",
    setup: book,
    race: (a, _id, laptop) => [
      () => a.admin("DELETE", `/api/users/${laptop.sellerId}`),
      () => a.admin("DELETE", `/api/users/${laptop.sellerId}`),
    ],
    ends: [["deleted once, the booking withdrawn", "withdrawn", 204, 204]],
  },
  {
    name: "refund webhook ∥ receipt",
    stripe: true,
    setup: paidWithStripe,
    race: (a, id) => {
      const intentId = intentOf(a, id);
      const refundId = a.fake.refundInDashboard(intentId);
      const charge = { id: `ch_${intentId}`, payment_intent: intentId, refunds: { data: [{ id: refundId }] } };
      return [() => a.webhook("charge.refunded", charge), () => receipt(a, id)];
    },
    ends: [
      ["refunded before receipt", "refunded", 200, 409],
      ["received, then refunded", "refunded", 200, 204],
    ],
  },
];

/** A pair's rounds one after another, each on its own laptop: how they ended, and whether all is well. */
async function play(pair: Pair, actors: Omit<Actors, "buyer">, laptops: Laptop[]) {
  const errors = { n: 0 };
  const signedUp = await buyer(BASE, `pairs${PAIRS.indexOf(pair)}`).catch((error: Error) => error);
  if (signedUp instanceof Error) return { ok: false, said: `${pair.name}: no buyer (${signedUp.message})` };
  const a: Actors = {
    ...actors,
    buyer: watched(signedUp, errors),
    seller: watched(actors.seller, errors),
    admin: watched(actors.admin, errors),
    webhook: watched(actors.webhook, errors),
  };
  const ends = new Map<string, number>();
  let unexplained = 0;
  for (const [round, laptop] of laptops.entries()) {
    let end: string;
    try {
      const setUp = await pair.setup(a, laptop);
      // Which leaves first alternates, the other 0 to 4 ms later, so that each interleaving gets its turn.
      const timing = { gap: Math.floor(round / 2) % 5, secondFirst: round % 2 === 1 };
      const [first, second] = await both(pair.race(a, setUp, laptop), timing);
      const id = pair.orderOf ? pair.orderOf(first, second) : setUp;
      const status = id ? (await a.buyer("GET", `/api/orders/${id}`)).json?.status : "none";
      const known = pair.ends.find(([, s, x, y]) => s === status && x === first.status && y === second.status);
      const said = [first, second].map((x) => `${x.status}${x.status >= 400 ? ` “${x.json?.message}”` : ""}`);
      end = known?.[0] ?? `UNEXPLAINED ${status} after ${said.join(" ∥ ")}`;
    } catch (error) {
      end = `SETUP FAILED: ${(error as Error).message}`;
    }
    if (end.startsWith("UNEXPLAINED") || end.startsWith("SETUP")) unexplained++;
    ends.set(end, (ends.get(end) ?? 0) + 1);
  }
  const summary = [...ends].map(([end, n]) => `${n} ${end}`).join(", ");
  return { ok: errors.n === 0 && unexplained === 0, said: `${pair.name}: ${summary}, ${errors.n} errors` };
}

/** One start of the server, with Stripe taking the cards or not: its pairs at once, each with its own buyer. */
async function serve(db: Database, stripe: boolean, fake: FakeStripe, stock: Map<string, Laptop[]>) {
  const server = startServer({ ...db.env, SEED_DEMO: "false", ...(stripe && stripeEnv(fake.apiBase)) }, PORT);
  try {
    if (!(await healthy(PORT))) return check(false, `the server starts on ${db.name}${stripe ? " with Stripe" : ""}`);
    const [admin, seller] = await Promise.all([signIn(BASE, DRILL_ADMIN), signIn(BASE, DRILL_SELLER)]);
    const actors = { admin, seller, fake, webhook: webhookSender(BASE) };
    const pairs = PAIRS.filter((p) => Boolean(p.stripe) === stripe);
    const results = await Promise.all(pairs.map((pair) => play(pair, actors, stock.get(pair.name) ?? [])));
    for (const { ok, said } of results) check(ok, said);
  } finally {
    await stop(server);
  }
}

export async function pairsDrill({ short }: { short: boolean }) {
  const rounds = short ? 8 : 100;
  const databases = [embedded(), await postgres("pairs")];
  for (const db of databases) {
    const began = Date.now();
    console.log(`pairs: ${rounds} rounds of each pair of order actions at once, over HTTP, on ${db.name}`);
    const fake = await startFakeStripe();
    try {
      const stock = await stockLaptops(db, PAIRS, rounds);
      await serve(db, false, fake, stock);
      await serve(db, true, fake, stock);
      const broken = await brokenMoneyInvariants(db, stripeEnv(fake.apiBase));
      check(broken.length === 0, `the money agrees: ${broken.join("; ") || "every invariant holds"}`);
      const unfollowed = await brokenStripeRefunds(db, fake);
      check(
        unfollowed === 0,
        `every charge refunded at Stripe is a refunded order with a refunded payment, never paid or received (${fake.refunds.length} refunds, ${unfollowed} not followed)`,
      );
    } finally {
      await fake.close();
      await db.drop();
    }
    console.log(`  (${((Date.now() - began) / 1000).toFixed(1)} s on ${db.name})`);
  }
}
