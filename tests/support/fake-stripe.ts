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
}

/**
 * A local stand-in for api.stripe.com, for tests only: payment intents and refunds,
 * with Stripe's idempotency-key behaviour. Tests play the browser by calling succeed().
 */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const refunds: { id: string; object: "refund"; payment_intent: string; amount: number; status: string }[] = [];
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
  const byKey = new Map<string, string>();
  let n = 0;
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const c of req) raw += c;
    const form = new URLSearchParams(raw);
    const key = req.headers["idempotency-key"];
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      if (typeof key === "string" && req.method === "POST") byKey.set(`${req.url}:${key}`, text);
      res.writeHead(status, { "content-type": "application/json" }).end(text);
    };
    const replay = typeof key === "string" ? byKey.get(`${req.url}:${key}`) : undefined;
    if (replay)
      return res.writeHead(200, { "content-type": "application/json", "idempotent-replayed": "true" }).end(replay);
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const id = `pi_fake_${++n}`;
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: String(form.get("currency")),
        status: "requires_payment_method",
        client_secret: `${id}_secret_${n}`,
        metadata: { orderId: String(form.get("metadata[orderId]")) },
      };
      intents.set(id, intent);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && match) {
      const intent = intents.get(match[1] as string);
      return intent
        ? send(200, intent)
        : send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const intentId = String(form.get("payment_intent"));
      if (refunds.some((r) => r.payment_intent === intentId)) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: `Charge for ${intentId} has already been refunded.`,
          },
        });
      }
      const asked = form.get("amount");
      const charged = intents.get(intentId)?.amount ?? 0;
      const amount = asked === null ? undefined : Number(asked);
      if (amount !== undefined && !(Number.isInteger(amount) && amount > 0 && amount <= charged)) {
        return send(400, {
          error: { type: "invalid_request_error", code: "amount_too_large", message: `Cannot refund ${asked}.` },
        });
      }
      return send(200, refund(intentId, amount));
    }
    if (req.method === "GET" && url.pathname === "/v1/refunds") {
      const data = refunds.filter((r) => r.payment_intent === url.searchParams.get("payment_intent")).reverse();
      return send(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    send(404, { error: { type: "invalid_request_error", message: `Unknown ${req.method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    /** What Stripe.js does when the buyer's card is accepted. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (intent) intent.status = "succeeded";
    },
    /** A refund made by hand in Stripe's dashboard; Stripe then sends charge.refunded. */
    refundInDashboard: (id: string) => refund(id).id,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
