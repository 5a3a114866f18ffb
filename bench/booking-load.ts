/**
 * The booking + payment scenario: every connection is a signed-in buyer who books a laptop nobody else
 * is booking, then pays for it with the simulated provider's test card — two requests per sale.
 */
import autocannon from "autocannon";

/** Signs up `count` buyers and returns their session cookies. */
export async function buyerCookies(base: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({
          name: `Bench buyer ${i}`,
          email: `bench.${i}.${Date.now()}@bench.test`,
          password: "Str0ng!pw",
        }),
      });
      if (!res.ok) throw new Error(`sign-up failed: HTTP ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    }),
  );
}

/** Signs an existing account in and returns its session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type Context = { cookie?: string; orderId?: string };

export function bookAndPay(base: string, connections: number, duration: number, cookies: string[], laptops: string[]) {
  let nextLaptop = 0;
  let nextBuyer = 0;
  const headers = (context: Context) => ({
    "content-type": "application/json",
    origin: base,
    cookie: context.cookie ?? "",
  });
  return autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path: "/api/orders",
        setupRequest(request, context: Context) {
          context.cookie ??= cookies[nextBuyer++ % cookies.length];
          const advertId = laptops[nextLaptop++];
          if (!advertId) throw new Error("the catalogue ran out of laptops to sell: seed more adverts");
          return {
            ...request,
            headers: headers(context),
            body: JSON.stringify({ advertId, meetingLocation: "Bench", phone: "0171234567" }),
          };
        },
        onResponse(_status, body, context: Context) {
          context.orderId = (JSON.parse(body) as { id: string }).id;
        },
      },
      {
        method: "POST",
        setupRequest(request, context: Context) {
          return {
            ...request,
            path: `/api/orders/${context.orderId}/pay`,
            headers: headers(context),
            body: JSON.stringify({
              cardNumber: "4242424242424242",
              expiry: "12 / 34",
              cvc: "123",
              attemptKey: `bench-${context.orderId}`,
            }),
          };
        },
      },
    ],
  });
}
