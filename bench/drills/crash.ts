/**
 * Crash: the embedded-database server is killed with SIGKILL in the middle of browsing, booking and
 * paying, then restarted on the same folder: every order and payment whose request was answered is still
 * there, none is half-written, and the database opens cleanly.
 */
import autocannon from "autocannon";
import {
  booking,
  brokenMoneyInvariants,
  card,
  check,
  embedded,
  healthy,
  serverAndBuyers,
  startServer,
  stop,
} from "./support.ts";

export async function crashDrill({ short }: { short: boolean }) {
  console.log("crash: SIGKILL during browsing, booking and paying on the embedded database");
  const db = embedded();
  const port = 3501;
  const started = await serverAndBuyers(db, port, 8, "crash", "the server starts on a fresh folder (demo seeded)");
  const { base, ids, buyers } = started;
  let server = started.server;
  const answered: { who: number; orderId: string; paid: boolean }[] = [];
  let running = true;
  const browsing = autocannon({
    url: base,
    connections: 20,
    duration: 30,
    requests: [{ path: "/api/adverts?sort=price_asc" }, { path: "/allAdd?q=thinkpad" }, { path: `/laptops/${ids[0]}` }],
  });
  const work = buyers.map(async (call, who) => {
    for (let n = 0; running; n++) {
      try {
        const booked = await call("POST", "/api/orders", booking(ids[(who * 3 + n) % ids.length]));
        if (booked.status !== 201) continue;
        const orderId = String(booked.json?.id);
        answered.push({ who, orderId, paid: false });
        const paid = await call("POST", `/api/orders/${orderId}/pay`, card(orderId));
        if (paid.status === 200) answered.push({ who, orderId, paid: true });
      } catch {
        return; // the server is gone: this buyer stops
      }
    }
  });
  await new Promise((r) => setTimeout(r, short ? 1500 : 4000));
  await stop(server, "SIGKILL");
  running = false;
  await Promise.all(work);
  (browsing as unknown as { stop(): void }).stop();
  await browsing;
  const bookings = answered.filter((a) => !a.paid).length;
  const payments = answered.filter((a) => a.paid).length;
  console.log(`  killed after ${bookings} answered bookings and ${payments} answered payments, amid browsing`);
  check(bookings > 0 && payments > 0, "the kill landed in the middle of booking and paying");

  server = startServer(db.env, port);
  check(await healthy(port), "the embedded database reopens cleanly after SIGKILL (stale lock taken over)");
  let missing = 0;
  for (const a of answered) {
    const res = await buyers[a.who]?.("GET", `/api/orders/${a.orderId}`);
    const status = res?.json?.status;
    if (res?.status !== 200 || (a.paid && status !== "paid" && status !== "completed")) missing++;
  }
  check(missing === 0, `every answered order and payment survived (${answered.length} checked, ${missing} missing)`);
  const catalogue = await fetch(`${base}/api/adverts?sort=newest`);
  check(catalogue.ok, `the catalogue answers after the restart (HTTP ${catalogue.status})`);
  await stop(server);
  const broken = await brokenMoneyInvariants(db);
  check(broken.length === 0, `no half-written state: ${broken.join("; ") || "every sale, payment and charge agrees"}`);
  await db.drop();
}
