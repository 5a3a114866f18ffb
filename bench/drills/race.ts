/**
 * Race: 50 buyers book the same laptop and pay for it at the same moment, over HTTP, on each database →
 * exactly one sale, and no one else is charged (or everyone else is refunded in full).
 */
import { booking, brokenMoneyInvariants, card, check, embedded, postgres, serverAndBuyers, stop } from "./support.ts";

const BUYERS = 50;

export async function raceDrill() {
  const databases = [embedded(), await postgres("race")];
  for (const db of databases) {
    console.log(`race: ${BUYERS} buyers, one laptop, on ${db.name}`);
    const port = 3504;
    const started = await serverAndBuyers(db, port, BUYERS, "race", `the server starts on ${db.name}`);
    const { base, server, buyers } = started;
    const [laptop] = started.ids;
    const booked = await Promise.all(buyers.map((call) => call("POST", "/api/orders", booking(laptop))));
    check(
      booked.every((b) => b.status === 201),
      `all ${BUYERS} bookings are accepted (a booking holds nothing)`,
    );
    const paid = await Promise.all(
      buyers.map((call, i) => call("POST", `/api/orders/${booked[i]?.json?.id}/pay`, card(booked[i]?.json?.id))),
    );
    const codes = paid.map((p) => p.status);
    const wins = codes.filter((c) => c === 200).length;
    const refused = codes.filter((c) => c === 409).length;
    console.log(`  ${wins} paid, ${refused} told the laptop is sold, ${BUYERS - wins - refused} other answers`);
    check(wins === 1 && refused === BUYERS - 1, "exactly one buyer pays; every other one is told it is sold");
    const advert = (await (await fetch(`${base}/api/adverts/${laptop}`)).json()) as { sold: boolean };
    check(advert.sold, "the laptop shows as sold");
    await stop(server);
    const broken = await brokenMoneyInvariants(db);
    check(broken.length === 0, `no one else is charged: ${broken.join("; ") || "one charge, one payment, one sale"}`);
    await db.drop();
  }
}
