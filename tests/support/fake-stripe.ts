import http from "node:http";
import type { AddressInfo } from "node:net";

interface Intent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  /** The charge a transfer's `source_transaction` names: Stripe makes it when the card is accepted. */
  latest_charge: string | null;
}

/** An Express connected account, with the fields a platform reads to tell whether it can be paid. */
interface Account {
  id: string;
  object: "account";
  type: "express";
  email: string;
  metadata: Record<string, string>;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: { transfers: "active" | "inactive" };
  requirements: { currently_due: string[]; disabled_reason: string | null };
}

interface Reversal {
  id: string;
  object: "transfer_reversal";
  amount: number;
  currency: string;
  transfer: string;
}

interface Transfer {
  id: string;
  object: "transfer";
  amount: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  amount_reversed: number;
  reversed: boolean;
  reversals: { object: "list"; data: Reversal[]; has_more: false };
}

interface Answer {
  status: number;
  body: unknown;
}

const invalid = (message: string, more: { code?: string; param?: string } = {}): Answer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...more } },
});
const missing = (what: string, id: string, param?: string) =>
  invalid(`No such ${what}: '${id}'`, { code: "resource_missing", ...(param && { param }) });

/** The app's configuration for Stripe taking the cards: its API the fake at `apiBase`, its webhooks signed so. */
export const stripeEnv = (apiBase: string, webhookSecret: string) => ({
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_relaptop",
  STRIPE_PUBLISHABLE_KEY: "pk_test_relaptop",
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_BASE: apiBase,
});

/**
 * A local stand-in for api.stripe.com, for tests only: payment intents and refunds, and Connect's Express
 * accounts, account links, transfers and reversals, with Stripe's idempotency-key behaviour. Tests play the
 * browser by calling succeed(), and the seller at Stripe's onboarding by calling completeOnboarding().
 */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const refunds: { id: string; object: "refund"; payment_intent: string; amount: number; status: string }[] = [];
  const accounts = new Map<string, Account>();
  const transfers: Transfer[] = [];
  /** A refund of `amount` (the whole intent when not given), as Stripe makes it. */
  const refund = (intentId: string, amount?: number) => {
    const made = {
      id: `re_fake_${++n}`,
      object: "refund" as const,
      payment_intent: intentId,
      amount: amount ?? intents.get(intentId)?.amount ?? 0,
      status: "succeeded",
    };
    refunds.push(made);
    return made;
  };
  const account = (id: string) => {
    const found = accounts.get(id);
    if (!found) throw new Error(`The fake Stripe has no account ${id}`);
    return found;
  };
  /** The first answer to each key, with the request it answered: Stripe replays it, or refuses other parameters. */
  const byKey = new Map<string, { raw: string; answer: Answer }>();
  let failingTransfers = 0;
  let n = 0;
  /** Runs when a refund is made, before the app hears the answer (Stripe's webhook may come first). */
  let beforeRefundAnswered: ((made: { id: string; payment_intent: string }) => Promise<void>) | undefined;

  function answer(method: string, url: URL, form: URLSearchParams): Answer {
    if (method === "POST" && url.pathname === "/v1/payment_intents") {
      const id = `pi_fake_${++n}`;
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: String(form.get("currency")),
        status: "requires_payment_method",
        client_secret: `${id}_secret_${n}`,
        metadata: { orderId: String(form.get("metadata[orderId]")) },
        latest_charge: null,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (method === "GET" && intentPath) {
      const intent = intents.get(intentPath[1] as string);
      return intent
        ? { status: 200, body: intent }
        : { ...missing("payment_intent", intentPath[1] as string), status: 404 };
    }
    if (method === "POST" && url.pathname === "/v1/refunds") {
      const intentId = String(form.get("payment_intent"));
      if (refunds.some((r) => r.payment_intent === intentId)) {
        return invalid(`Charge for ${intentId} has already been refunded.`, { code: "charge_already_refunded" });
      }
      const asked = form.get("amount");
      const charged = intents.get(intentId)?.amount ?? 0;
      const amount = asked === null ? undefined : Number(asked);
      if (amount !== undefined && !(Number.isInteger(amount) && amount > 0 && amount <= charged)) {
        return invalid(`Cannot refund ${asked}.`, { code: "amount_too_large" });
      }
      return { status: 200, body: refund(intentId, amount) };
    }
    if (method === "GET" && url.pathname === "/v1/refunds") {
      const data = refunds.filter((r) => r.payment_intent === url.searchParams.get("payment_intent")).reverse();
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
    }
    if (method === "POST" && url.pathname === "/v1/accounts") {
      // A new Express account can receive nothing until its seller finishes Stripe's onboarding.
      const made: Account = {
        id: `acct_fake_${++n}`,
        object: "account",
        type: "express",
        email: String(form.get("email")),
        metadata: { sellerId: String(form.get("metadata[sellerId]")) },
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        capabilities: { transfers: "inactive" },
        requirements: {
          currently_due: ["external_account", "individual.dob.day"],
          disabled_reason: "requirements.past_due",
        },
      };
      accounts.set(made.id, made);
      return { status: 200, body: made };
    }
    const accountPath = /^\/v1\/accounts\/(\w+)$/.exec(url.pathname);
    if (method === "GET" && accountPath) {
      const found = accounts.get(accountPath[1] as string);
      return found ? { status: 200, body: found } : { ...missing("account", accountPath[1] as string), status: 404 };
    }
    if (method === "POST" && url.pathname === "/v1/account_links") {
      const id = String(form.get("account"));
      if (!accounts.has(id)) return missing("account", id, "account");
      const link = `https://connect.stripe.test/setup/e/${id}/${++n}`;
      return {
        status: 200,
        body: { object: "account_link", url: link, expires_at: Math.floor(Date.now() / 1000) + 300 },
      };
    }
    if (method === "POST" && url.pathname === "/v1/transfers") return transfer(form);
    if (method === "GET" && url.pathname === "/v1/transfers") {
      const group = url.searchParams.get("transfer_group");
      const data = transfers.filter((t) => group === null || t.transfer_group === group).reverse();
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/transfers" } };
    }
    const reversalPath = /^\/v1\/transfers\/(\w+)\/reversals$/.exec(url.pathname);
    if (method === "POST" && reversalPath) return reverse(reversalPath[1] as string, form.get("amount"));
    return { ...invalid(`Unknown ${method} ${url.pathname}`), status: 404 };
  }

  function transfer(form: URLSearchParams): Answer {
    // A failure before Stripe began executing the request: nothing is saved for its key (see `server` below).
    if (failingTransfers > 0) {
      failingTransfers--;
      return { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred." } } };
    }
    const destination = String(form.get("destination"));
    const to = accounts.get(destination);
    if (!to) return missing("destination", destination, "destination");
    if (to.capabilities.transfers !== "active") {
      return invalid(
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
        { code: "insufficient_capabilities_for_transfer", param: "destination" },
      );
    }
    // Stripe ties a transfer to a charge's funds: a payment intent's id is not a charge.
    const source = form.get("source_transaction");
    if (source !== null && ![...intents.values()].some((i) => i.latest_charge === source)) {
      return missing("charge", source, "source_transaction");
    }
    const made: Transfer = {
      id: `tr_fake_${++n}`,
      object: "transfer",
      amount: Number(form.get("amount")),
      currency: String(form.get("currency")),
      destination,
      source_transaction: source,
      transfer_group: form.get("transfer_group"),
      metadata: {
        orderId: String(form.get("metadata[orderId]")),
        ...(form.get("metadata[payoutKey]") !== null && { payoutKey: String(form.get("metadata[payoutKey]")) }),
      },
      amount_reversed: 0,
      reversed: false,
      reversals: { object: "list", data: [], has_more: false },
    };
    transfers.push(made);
    return { status: 200, body: made };
  }

  /** Takes back part of a transfer: never more than what earlier reversals left on it. */
  function reverse(transferId: string, asked: string | null): Answer {
    const from = transfers.find((t) => t.id === transferId);
    if (!from) return { ...missing("transfer", transferId), status: 404 };
    const left = from.amount - from.amount_reversed;
    const amount = asked === null ? left : Number(asked);
    if (!(Number.isInteger(amount) && amount > 0 && amount <= left)) {
      return invalid(
        `Transfer reversal amount (${asked}) is greater than the amount remaining on the transfer (${left})`,
        {
          param: "amount",
        },
      );
    }
    const made: Reversal = {
      id: `trr_fake_${++n}`,
      object: "transfer_reversal",
      amount,
      currency: from.currency,
      transfer: from.id,
    };
    from.reversals.data.push(made);
    from.amount_reversed += amount;
    from.reversed = from.amount_reversed === from.amount;
    return { status: 200, body: made };
  }

  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const c of req) raw += c;
    const key = req.headers["idempotency-key"];
    const keyed = typeof key === "string" && req.method === "POST" ? `${req.url}:${key}` : undefined;
    const reply = ({ status, body }: Answer, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
    const first = keyed === undefined ? undefined : byKey.get(keyed);
    if (first && first.raw !== raw) {
      return reply({
        status: 400,
        body: {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      });
    }
    if (first) return reply(first.answer, { "idempotent-replayed": "true" });
    const made = answer(req.method ?? "GET", new URL(req.url ?? "/", "http://x"), new URLSearchParams(raw));
    // Stripe saves the answer of a request it began executing, errors included; a 5xx here stands for one it
    // never began (the only kind a retry with the same key can get past), so it is not saved.
    if (keyed !== undefined && made.status < 500) byKey.set(keyed, { raw, answer: made });
    const refunded = made.body as { object?: string; id: string; payment_intent: string };
    if (made.status === 200 && refunded.object === "refund") await beforeRefundAnswered?.(refunded);
    reply(made);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    accounts,
    transfers,
    /** What Stripe.js does when the buyer's card is accepted: the intent succeeds with a charge. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) return;
      intent.status = "succeeded";
      intent.latest_charge ??= `ch_fake_${++n}`;
    },
    /**
     * What happens between Stripe making a refund and the app reading its answer: a test delivers the
     * refund's webhook there, as Stripe may, while the app still holds the refund in flight.
     */
    beforeRefundAnswered(run: typeof beforeRefundAnswered) {
      beforeRefundAnswered = run;
    },
    /** A refund made by hand in Stripe's dashboard; Stripe then sends charge.refunded. */
    refundInDashboard: (id: string) => refund(id).id,
    /** The seller finished Stripe's onboarding and Stripe verified them: the account can be paid. */
    completeOnboarding(accountId: string) {
      Object.assign(account(accountId), {
        details_submitted: true,
        payouts_enabled: true,
        capabilities: { transfers: "active" },
        requirements: { currently_due: [], disabled_reason: null },
      });
    },
    /** Stripe wants more from the seller (an identity document, say): transfers to the account stop. */
    requireMoreDetails(accountId: string) {
      Object.assign(account(accountId), {
        payouts_enabled: false,
        capabilities: { transfers: "inactive" },
        requirements: { currently_due: ["individual.verification.document"], disabled_reason: "requirements.past_due" },
      });
    },
    /** The next `count` transfer requests answer 500 (the SDK retries each twice, then the caller sees it). */
    failNextTransfers(count: number) {
      failingTransfers = count;
    },
    /** A day passes: Stripe forgets every idempotency key (a key used again is a new request). */
    forgetKeys() {
      byKey.clear();
    },
    /** The object Stripe sends as an `account.updated` event's data.object: the account as it is now. */
    accountUpdatedEvent: (accountId: string): Account => structuredClone(account(accountId)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
