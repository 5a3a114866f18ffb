import { PassThrough } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, notifications, payments, simCharges, simIntents } from "../../db/schema/index.ts";
import { SHIPPING_PRICE_REQUIRED } from "../../schemas/catalogue.ts";
import { CHOOSE_DELIVERY } from "../../schemas/orders.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { bookToMeet, type Client, client } from "../support/http.ts";
import { brokenMoneyInvariantsIn } from "../support/money-invariants.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { signedInAccount, signedInClient } from "../support/people.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Meet or ship, over HTTP: a seller ships for a price, a buyer books "Ship to me" and is charged the price and
 * the shipping, the seller reads the address only once it is paid and marks it shipped with its tracking.
 */

let t: TestApp;
let smtp: SmtpServer;
let brandId: string;
let samId: string;
const as = {} as Record<"sam" | "rafi" | "admin", Client>;
const errors = new PassThrough();
let logged = "";
let n = 0;

const ADDRESS = {
  name: "Bea Buyer",
  line1: "12 Kemal Ataturk Avenue",
  city: "Dhaka",
  postcode: "1213",
  country: "Bangladesh",
};
const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const UPS = { carrier: "ups", trackingNumber: "1Z999AA10123456784" };

const signedIn = (email: string) => signedInClient(t, email);
const newBuyer = () => signedInAccount(t, { name: `Buyer ${++n}`, email: `delivery-buyer${n}@x.test` });
/** One of Sam's laptops, for $400 and shipped for $25 (or met for only, with `shippingCents` null). */
const laptop = (shippingCents: number | null = 2_500) =>
  createAdvert(t, {
    sellerId: samId,
    brandId,
    name: `Shipped laptop ${++n}`,
    resalePriceCents: 40_000,
    ...(shippingCents !== null && { shippingCents }),
  });
async function bookShipped(buyer: Client, advertId: string) {
  const res = await buyer.post("/api/orders", {
    advertId,
    delivery: "ship",
    shippingAddress: ADDRESS,
    phone: "01711223344",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
async function pay(buyer: Client, orderId: string) {
  const res = await buyer.post(`/api/orders/${orderId}/pay`, { ...GOOD, attemptKey: `delivery-${orderId}` });
  expect(res.statusCode, res.body).toBe(200);
}
/** A new buyer's order of one of Sam's laptops, to be shipped to them, paid. */
async function paidShipment() {
  const buyer = await newBuyer();
  const id = await bookShipped(buyer.http, (await laptop()).id);
  await pay(buyer.http, id);
  return { buyer, id };
}

beforeAll(async () => {
  errors.on("data", (line) => {
    logged += line;
  });
  smtp = await startSmtpServer();
  t = await startTestApp({ LOG_LEVEL: "error", SMTP_URL: smtp.url }, { retryJobsAtOnce: true }, { logStream: errors });
  await t.services.jobs.start();
  brandId = (await createBrand(t, "Lenovo")).id;
  samId = (await createUser(t, { name: "Sam Seller", email: "sam@x.test", role: "seller" })).id;
  await createUser(t, { name: "Rafi Reseller", email: "rafi@x.test", role: "seller" });
  await createUser(t, { name: "Ada", email: "ada@x.test", role: "admin" });
  as.sam = await signedIn("sam@x.test");
  as.rafi = await signedIn("rafi@x.test");
  as.admin = await signedIn("ada@x.test");
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
/** The emails sent to this address so far, once the queue has sent what waits. */
async function mailTo(email: string) {
  await t.services.notifications.deliverEmailsNow();
  return smtp.to(email);
}

describe("a seller who ships", () => {
  const fields = {
    name: "Lenovo ThinkPad T14",
    brandId: "",
    originalPrice: "900",
    resalePrice: "550",
    yearsOfUse: "2",
    location: "Dhaka",
    mobile: "01712345678",
    description: "Well kept.",
    condition: "good",
  };
  const post = async (over: Record<string, string>) => {
    const m = multipart({ ...fields, brandId, ...over }, { photos: { name: "p.png", data: await pngBytes() } });
    return as.sam.post("/api/adverts", m.payload, m.headers);
  };

  it("says so per advert with a shipping price in dollars, shown on the card and the laptop's page", async () => {
    const res = await post({ ships: "true", shippingPrice: "$12.50" });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect((await client(t).get(`/api/adverts/${id}`)).json()).toMatchObject({ shippingCents: 1_250 });
    const card = (await client(t).get("/api/adverts?ships=true")).json().items.find((a: { id: string }) => a.id === id);
    expect(card).toMatchObject({ shippingCents: 1_250 });
    // Free shipping is a price too; a seller who only meets buyers has none, whatever the form held.
    const free = (await post({ ships: "true", shippingPrice: "0" })).json().id;
    expect((await client(t).get(`/api/adverts/${free}`)).json()).toMatchObject({ shippingCents: 0 });
    const meets = (await post({ ships: "false", shippingPrice: "15" })).json().id;
    expect((await client(t).get(`/api/adverts/${meets}`)).json()).toMatchObject({ shippingCents: null });
    expect(
      (await client(t).get("/api/adverts?ships=true")).json().items.map((a: { id: string }) => a.id),
    ).not.toContain(meets);
  });

  it("is refused without a shipping price, or with one that is not an amount, naming the field", async () => {
    for (const [over, message] of [
      [{ ships: "true" }, SHIPPING_PRICE_REQUIRED],
      [{ ships: "true", shippingPrice: "cheap" }, expect.stringContaining("Shipping price must be an amount")],
      [{ ships: "true", shippingPrice: "1,5" }, expect.stringContaining("Shipping price must be an amount")],
      [{ ships: "maybe" }, "Ships is either true or false"],
    ] as const) {
      const res = await post(over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.values(res.json().fields ?? {})).toContainEqual(message);
    }
  });

  it("edits whether it ships: the edit form reads it back", async () => {
    const { id } = await laptop(null);
    const m = multipart({ ...fields, brandId, ships: "true", shippingPrice: "20" }, {});
    expect((await as.sam.raw("PUT", `/api/adverts/${id}`, m.payload, m.headers)).statusCode).toBe(204);
    const sam = await t.services.catalogue.adverts.getForEdit(
      { id: samId, role: "seller", actingAsSeller: true } as never,
      id,
    );
    expect(sam).toMatchObject({ ships: true, shippingPrice: "20" });
  });
});

describe("booking Ship to me", () => {
  it("copies the shipping price onto the order and charges the price and the shipping", async () => {
    const buyer = await newBuyer();
    const advert = await laptop(2_500);
    const id = await bookShipped(buyer.http, advert.id);
    // A later change of the advert's shipping price is not the buyer's: the order keeps what they agreed to.
    await t.db.update(adverts).set({ shippingCents: 9_900 }).where(eq(adverts.id, advert.id));
    const order = (await buyer.http.get(`/api/orders/${id}`)).json();
    expect(order).toMatchObject({ delivery: "ship", priceCents: 40_000, shippingCents: 2_500, meetingLocation: null });
    expect(order.shippingAddress).toMatchObject(ADDRESS);
    const mine = (await buyer.http.get("/api/orders")).json().orders.find((o: { id: string }) => o.id === id);
    expect(mine).toMatchObject({ priceCents: 40_000, shippingCents: 2_500 });

    await pay(buyer.http, id);
    const [intent] = await t.db.select().from(simIntents).where(eq(simIntents.orderId, id));
    expect(intent?.amountCents).toBe(42_500);
    const [charge] = await t.db
      .select()
      .from(simCharges)
      .where(eq(simCharges.intentId, intent?.id ?? ""));
    expect(charge?.amountCents).toBe(42_500);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment?.priceCents).toBe(42_500);
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);

    // The receipt says the total and what of it is shipping; the seller's notice, what they are paid.
    const receipt = (await mailTo(buyer.user.email)).find((m) => m.subject?.startsWith("Your receipt"));
    expect(receipt?.text).toMatch(/Amount:\s+\$425\n/);
    expect(receipt?.text).toMatch(/Of which shipping:\s+\$25\n/);
    const [sold] = (await t.services.notifications.list({ id: samId, role: "seller" } as never)).items.filter(
      (i) => i.kind === "order.paid" && i.subjectId === id,
    );
    expect(sold?.body).toContain("paid $425");
  });

  it("the payment page asks for the total", async () => {
    const buyer = await newBuyer();
    const id = await bookShipped(buyer.http, (await laptop(2_500)).id);
    const { order } = await t.services.orders.checkout(buyer.user, id);
    expect(order).toMatchObject({ priceCents: 40_000, shippingCents: 2_500 });
  });

  it("is refused for a laptop its seller does not ship, naming the choice", async () => {
    const buyer = await newBuyer();
    const res = await buyer.http.post("/api/orders", {
      advertId: (await laptop(null)).id,
      delivery: "ship",
      shippingAddress: ADDRESS,
      phone: "01711223344",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(["delivery"]);
  });

  it("names each address field that is missing, too long or blank, and a delivery that is neither", async () => {
    const buyer = await newBuyer();
    const advertId = (await laptop()).id;
    const cases: [Record<string, unknown>, string][] = [
      [{ delivery: "ship", phone: "01711223344" }, "shippingAddress"],
      [
        { delivery: "ship", shippingAddress: { ...ADDRESS, city: " \u200b " }, phone: "01711223344" },
        "shippingAddress.city",
      ],
      [
        { delivery: "ship", shippingAddress: { ...ADDRESS, postcode: "9".repeat(21) }, phone: "1" },
        "shippingAddress.postcode",
      ],
      [{ delivery: "post", meetingLocation: "Here", phone: "01711223344" }, "delivery"],
      [{ phone: "01711223344" }, "meetingLocation"],
    ];
    for (const [body, field] of cases) {
      const res = await buyer.http.post("/api/orders", { advertId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(body)).toContain(field);
    }
    const res = await buyer.http.post("/api/orders", { advertId, delivery: "post", phone: "01711223344" });
    expect(res.json().fields.delivery).toBe(CHOOSE_DELIVERY);
  });

  it("keeps markup typed in an address as text", async () => {
    const buyer = await newBuyer();
    const id = (
      await buyer.http.post("/api/orders", {
        advertId: (await laptop()).id,
        delivery: "ship",
        shippingAddress: { ...ADDRESS, line1: "<script>alert(1)</script>" },
        phone: "01711223344",
      })
    ).json().id;
    expect((await buyer.http.get(`/api/orders/${id}`)).json().shippingAddress.line1).toBe("<script>alert(1)</script>");
  });
});

describe("the shipping address", () => {
  it("is its seller's to read only once the order is paid; its buyer and admins read it always", async () => {
    const buyer = await newBuyer();
    const address = { ...ADDRESS, line1: "7 Private Lane" };
    const id = (
      await buyer.http.post("/api/orders", {
        advertId: (await laptop()).id,
        delivery: "ship",
        shippingAddress: address,
        phone: "01711223344",
      })
    ).json().id;
    const addressOf = async (who: Client) => (await who.get(`/api/orders/${id}`)).json().shippingAddress;
    const inSales = async () =>
      (await as.sam.get("/api/sales")).json().items.find((s: { id: string }) => s.id === id).shippingAddress;

    expect(await addressOf(as.sam)).toBeNull();
    expect(await inSales()).toBeNull();
    const before = await as.sam.get(`/api/orders/${id}`);
    expect(before.body).not.toContain(address.line1);
    expect((await as.sam.get("/api/sales")).body).not.toContain(address.line1);
    expect(await addressOf(buyer.http)).toMatchObject(address);
    expect(await addressOf(as.admin)).toMatchObject(address);
    // Nobody else reads the order at all.
    expect((await as.rafi.get(`/api/orders/${id}`)).statusCode).toBe(404);

    await pay(buyer.http, id);
    expect(await addressOf(as.sam)).toMatchObject(address);
    expect(await inSales()).toMatchObject(address);
  });
});

describe("mark as shipped", () => {
  it("stores the carrier and tracking number, moves the order on, and tells the buyer with the tracking link", async () => {
    const buyer = await newBuyer();
    const id = await bookShipped(buyer.http, (await laptop()).id);
    expect((await as.sam.get(`/api/orders/${id}`)).json().can.ship).toBe(false);
    await pay(buyer.http, id);
    expect((await as.sam.get(`/api/orders/${id}`)).json().can.ship).toBe(true);
    const sale = (await as.sam.get("/api/sales?status=paid")).json().items.find((s: { id: string }) => s.id === id);
    expect(sale.can).toMatchObject({ ship: true, decline: false });

    const res = await as.sam.post(`/api/orders/${id}/ship`, UPS);
    expect(res.statusCode, res.body).toBe(204);
    const order = (await buyer.http.get(`/api/orders/${id}`)).json();
    expect(order).toMatchObject({
      status: "handed_over",
      can: { ship: false },
      shipment: {
        carrier: "UPS",
        trackingNumber: UPS.trackingNumber,
        trackingUrl: `https://www.ups.com/track?tracknum=${UPS.trackingNumber}`,
      },
    });
    expect(order.events.at(-1)).toMatchObject({ who: "Sam Seller", what: "Shipped the laptop" });

    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.user.id))
      .then((rows) => rows.filter((r) => r.kind === "order.shipped"));
    expect(notice).toMatchObject({ link: `/dashboard/orders/${id}` });
    expect(notice?.body).toContain(`UPS, tracking number ${UPS.trackingNumber}`);
    const email = (await mailTo(buyer.user.email)).find((m) => m.subject?.startsWith("Your laptop is on its way"));
    expect(email?.html).toContain(`href="https://www.ups.com/track?tracknum=${UPS.trackingNumber}"`);
    expect(email?.text).toContain(`https://www.ups.com/track?tracknum=${UPS.trackingNumber}`);

    // Once shipped, it is not shipped again.
    const again = await as.sam.post(`/api/orders/${id}/ship`, UPS);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Only a paid order can be marked as shipped.");
  });

  it("shows a carrier it does not know as text, without a link", async () => {
    const { buyer, id } = await paidShipment();
    expect(
      (await as.sam.post(`/api/orders/${id}/ship`, { carrier: "Sundarban Courier", trackingNumber: "SC 12345" }))
        .statusCode,
    ).toBe(204);
    expect((await buyer.http.get(`/api/orders/${id}`)).json().shipment).toEqual({
      carrier: "Sundarban Courier",
      trackingNumber: "SC 12345",
      trackingUrl: null,
    });
  });

  it("refuses an unpaid order, naming why", async () => {
    const buyer = await newBuyer();
    const id = await bookShipped(buyer.http, (await laptop()).id);
    const res = await as.sam.post(`/api/orders/${id}/ship`, UPS);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Only a paid order can be marked as shipped.");
  });

  it("refuses an order met in person: it is handed over, not shipped", async () => {
    const buyer = await newBuyer();
    const booked = await bookToMeet(buyer.http, (await laptop()).id, "Gulshan 2 circle", "01711223344");
    const id = booked.json().id;
    await pay(buyer.http, id);
    expect((await as.sam.get(`/api/orders/${id}`)).json().can.ship).toBe(false);
    const res = await as.sam.post(`/api/orders/${id}/ship`, UPS);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("mark it as handed over");
  });

  it("is its seller's alone: another seller is told the order does not exist", async () => {
    const { buyer, id } = await paidShipment();
    expect((await as.rafi.post(`/api/orders/${id}/ship`, UPS)).statusCode).toBe(404);
    expect((await buyer.http.post(`/api/orders/${id}/ship`, UPS)).statusCode).toBe(403);
    expect((await buyer.http.get(`/api/orders/${id}`)).json().status).toBe("paid");
  });

  it("names a missing, too long or marked-up carrier and tracking number", async () => {
    const { buyer, id } = await paidShipment();
    for (const [body, field] of [
      [{ trackingNumber: "1Z999" }, "carrier"],
      [{ carrier: " ", trackingNumber: "1Z999" }, "carrier"],
      [{ carrier: "x".repeat(41), trackingNumber: "1Z999" }, "carrier"],
      [{ carrier: "UPS" }, "trackingNumber"],
      [{ carrier: "UPS", trackingNumber: "9".repeat(41) }, "trackingNumber"],
      [{ carrier: "UPS", trackingNumber: '<a href="x">1Z</a>' }, "trackingNumber"],
    ] as const) {
      const res = await as.sam.post(`/api/orders/${id}/ship`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await buyer.http.get(`/api/orders/${id}`)).json().status).toBe("paid");
  });
});

describe("a shipped order's protection window", () => {
  const HOUR = 3_600_000;
  const later = (hours: number) => new Date(Date.now() + hours * HOUR);
  const statusOf = async (buyer: Client, id: string) => (await buyer.get(`/api/orders/${id}`)).json().status;

  it("ends SHIPPING_DAYS and PROTECTION_HOURS after shipping when the buyer says nothing, and the sale completes", async () => {
    const { buyer, id } = await paidShipment();
    expect((await as.sam.post(`/api/orders/${id}/ship`, UPS)).statusCode).toBe(204);
    // Defaults: 10 days for the parcel, then 72 hours to report a problem.
    await t.services.orders.applyDeadlinesNow(later(24 * 10 + 71));
    expect(await statusOf(buyer.http, id)).toBe("handed_over");
    await t.services.orders.applyDeadlinesNow(later(24 * 10 + 73));
    expect(await statusOf(buyer.http, id)).toBe("completed");
  });

  it("starts again from the buyer's I received it: PROTECTION_HOURS from then, not from shipping", async () => {
    const { buyer, id } = await paidShipment();
    expect((await as.sam.post(`/api/orders/${id}/ship`, UPS)).statusCode).toBe(204);
    expect((await buyer.http.post(`/api/orders/${id}/receipt`)).statusCode).toBe(204);
    const { deadline } = (await buyer.http.get(`/api/orders/${id}`)).json();
    expect(deadline.what).toBe("protectionEnds");
    expect(new Date(deadline.at).getTime()).toBeCloseTo(Date.now() + 72 * HOUR, -4);
    // My Orders and My Sales say it was received (and when), so neither offers I received it again.
    const mine = (await buyer.http.get("/api/orders")).json().orders.find((o: { id: string }) => o.id === id);
    expect(mine.receivedAt).toEqual(expect.any(String));
    const sale = (await as.sam.get("/api/sales")).json().items.find((o: { id: string }) => o.id === id);
    expect(sale).toMatchObject({
      receivedAt: mine.receivedAt,
      nextStep: "Received — the buyer protection window is open",
    });
    await t.services.orders.applyDeadlinesNow(later(71));
    expect(await statusOf(buyer.http, id)).toBe("handed_over");
    await t.services.orders.applyDeadlinesNow(later(73));
    expect(await statusOf(buyer.http, id)).toBe("completed");
  });
});

it("logged no unexpected error", () => {
  expect(logged).toBe("");
});
