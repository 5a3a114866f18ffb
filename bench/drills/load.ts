/**
 * Load: 200 connections for 60 s (5 s in the short form) — 190 browsing and searching pages and the API,
 * 10 buyers booking, paying and cancelling (refunded) in a loop, each on a laptop of their own → no errors,
 * no 5xx, every answer a success, and the money still adds up.
 */
import autocannon from "autocannon";
import { booking, brokenMoneyInvariants, type Call, card, check, embedded, serverAndBuyers, stop } from "./support.ts";

const BUYERS = 10;

export async function loadDrill({ short }: { short: boolean }) {
  const seconds = short ? 5 : 60;
  console.log(`load: 200 connections of browsing, searching, booking and paying for ${seconds} s`);
  const db = embedded();
  const port = 3502;
  const started = await serverAndBuyers(db, port, BUYERS, "load", "the server starts (demo seeded)");
  const { base, server, ids, buyers } = started;
  const failed: string[] = [];
  let cycles = 0;
  let running = true;
  const expect = async (step: Promise<{ status: number }>, ok: number, what: string) => {
    const { status } = await step;
    if (status !== ok) failed.push(`${what}: HTTP ${status}`);
    return status === ok;
  };
  const shop = async (call: Call, advertId: string | undefined) => {
    while (running) {
      const booked = await call("POST", "/api/orders", booking(advertId));
      if (booked.status !== 201) {
        failed.push(`book: HTTP ${booked.status}`);
        return;
      }
      const id = booked.json?.id;
      if (!(await expect(call("POST", `/api/orders/${id}/pay`, card(id)), 200, "pay"))) return;
      if (!(await expect(call("POST", `/api/orders/${id}/cancel`), 200, "cancel (refund)"))) return;
      cycles++;
    }
  };
  const browsing = autocannon({
    url: base,
    connections: 200 - BUYERS,
    duration: seconds,
    requests: [
      { path: "/api/adverts?sort=price_asc" },
      { path: "/api/adverts?q=thinkpda" },
      { path: "/api/brands" },
      { path: "/allAdd?condition=good" },
      { path: `/laptops/${ids[1]}` },
      { path: "/" },
    ],
  });
  const shopping = buyers.map((call, i) => shop(call, ids[i]));
  const result = await browsing;
  running = false;
  await Promise.all(shopping);
  console.log(
    `  ${result.requests.total} browsing requests (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms); ${cycles} book → pay → refund cycles`,
  );
  check(
    result.errors === 0 && result.timeouts === 0,
    `no connection errors or timeouts (${result.errors} errors, ${result.timeouts} timeouts)`,
  );
  check(result.non2xx === 0, `no error responses while browsing (${result.non2xx} non-2xx)`);
  check(
    failed.length === 0 && cycles > 0,
    `every booking, payment and refund succeeded (${failed.slice(0, 3).join(", ") || `${cycles} cycles`})`,
  );
  await stop(server);
  const broken = await brokenMoneyInvariants(db);
  check(broken.length === 0, `the money adds up: ${broken.join("; ") || "every sale, payment and refund agrees"}`);
  await db.drop();
}
