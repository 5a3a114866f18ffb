import { and, count, eq } from "drizzle-orm";
import { deleteAccount } from "../core/accounts/index.ts";
import { publish } from "../core/orders/index.ts";
import { brands, emailOutbox, sessions, users } from "../db/schema/index.ts";
import { CONDITIONS } from "../schemas/values.ts";
import type { Core } from "../server/services.ts";
import { giveDemoBatteryReports } from "./demo-battery-reports.ts";
import { demoChecklist } from "./demo-checklists.ts";
import { seedReadyExport } from "./demo-data-export.ts";
import { seedOpenDispute } from "./demo-dispute.ts";
import { seedDemoProofs } from "./demo-proofs.ts";
import { demoShipping, seedShippedOrder } from "./demo-shipping.ts";
import { giveDemoSpecs } from "./demo-specs.ts";
import { seedSuspiciousAdverts } from "./demo-suspicious.ts";
import { demoTimeline } from "./demo-timeline.ts";
import {
  createAdvert,
  createBrand,
  createCompletedOrder,
  createPaidOrder,
  createUser,
  DEMO_PASSWORD,
  lowerPrice,
} from "./factories.ts";
import { seedSalesHistory } from "./sales-history.ts";

/** Sam's bank account for the simulated payouts: only its last four digits are kept (•••• 6789). */
const DEMO_PAYOUT_ACCOUNT = { holder: "Sam Seller", accountNumber: "000123456789" };

export const DEMO_ACCOUNTS = {
  admin: "admin@relaptop.test",
  seller: "seller@relaptop.test",
  buyer: "buyer@relaptop.test",
} as const;

/**
 * The demo's brands, with their logos' hues and their laptops: each model with its processor as sellers type
 * it — model numbers, Windows' "System" text, Apple's names, a generation only, and a few the catalogue cannot
 * place (listed without a tier) — so every tier shows on a fresh demo.
 */
const BRANDS: { name: string; hue: number; laptops: Record<string, string> }[] = [
  {
    name: "Apple",
    hue: 0,
    laptops: {
      "MacBook Air M2": "Apple M2",
      "MacBook Pro 14 M3": "Apple M3 8-core CPU",
      "MacBook Air M1": "M1",
      "MacBook Pro 16 M1 Pro": "M1 Pro 10-core",
      "MacBook Pro 13 M2": "Apple M2 chip",
    },
  },
  {
    name: "Dell",
    hue: 205,
    laptops: {
      "XPS 13 9315": "Intel Core i5-1230U",
      "Latitude 7440": "13th Gen Intel(R) Core(TM) i7-1365U   1.80 GHz",
      "Inspiron 15 3520": "Intel Core i5 12th Gen",
      "XPS 15 9530": "i7-13700H",
      "Vostro 3420": "Core i3 dual core",
    },
  },
  {
    name: "HP",
    hue: 190,
    laptops: {
      "EliteBook 840 G9": "Core i7-1265U vPro",
      "Spectre x360 14": "Intel Evo i7",
      "Pavilion 15": "AMD Ryzen 5 5500U with Radeon Graphics",
      "ProBook 450 G10": "i5-1335U",
      "Envy 13": "Intel(R) Core(TM) i7-1165G7 @ 2.80GHz",
    },
  },
  {
    name: "Lenovo",
    hue: 350,
    laptops: {
      "ThinkPad X1 Carbon Gen 11": "i7-1355U",
      "ThinkPad T14 Gen 3": "AMD Ryzen 7 PRO 6850U",
      "IdeaPad Slim 5": "ryzen 7 5700u",
      "Yoga 7i": "Intel Core i5-1240P",
      "Legion 5 Pro": "Ryzen 7 6800H",
    },
  },
  {
    name: "Asus",
    hue: 260,
    laptops: {
      "ZenBook 14 OLED": "Intel Core Ultra 7 155H",
      "ROG Zephyrus G14": "AMD Ryzen 9 7940HS",
      "VivoBook 15": "Intel Celeron N4020",
      "TUF Gaming A15": "Ryzen 7 7735HS",
      "ExpertBook B9": "i7-1255U",
    },
  },
  {
    name: "Acer",
    hue: 120,
    laptops: {
      "Swift 3": "i5-1135G7",
      "Aspire 5": "Intel Core i5 10th Gen",
      "Nitro 5": "i7-12700H",
      "TravelMate P2": "Intel quad core",
      "Predator Helios 16": "Core i9-13900HX",
    },
  },
];

/**
 * The most common used laptop there is: an 8th-generation Core i5 with 8 GB and 256 GB, in good condition,
 * three years old — several of them, so price guidance has comparables on a fresh demo.
 */
const COMMON_LAPTOPS: [brand: string, model: string, processor: string, dollars: number][] = [
  ["Dell", "Latitude 5490", "Intel Core i5-8250U", 285],
  ["HP", "EliteBook 840 G5", "Core i5-8350U @ 1.70GHz", 310],
  ["Lenovo", "ThinkPad T480", "i5-8250U", 325],
  ["Lenovo", "IdeaPad 330S", "Intel Core i5 8th Gen", 240],
  ["Asus", "VivoBook S15 S510UA", "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz", 255],
  ["Acer", "Aspire 5 A515-51G", "i5 8250U", 270],
];

const LOCATIONS = ["Dhaka", "Chattogram", "Sylhet", "Khulna", "Rajshahi", "Gazipur"];

async function brandNamed(s: Core, name: string) {
  const [brand] = await s.runtime.db.select({ id: brands.id }).from(brands).where(eq(brands.name, name));
  return brand?.id;
}

/** Seeds the demo marketplace when the database has no accounts yet. Returns whether it did. */
export async function seedDemoIfEmpty(s: Core): Promise<boolean> {
  const [row] = await s.runtime.db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return false;

  // Each step, moved back to when it happened in the story: hours before now (see demo-timeline.ts).
  const happened = demoTimeline(s.runtime.db);
  const DAY = 24;
  const admin = await happened(400 * DAY, () =>
    createUser(s, { name: "Ada Admin", email: DEMO_ACCOUNTS.admin, role: "admin" }),
  );
  const seller = await happened(300 * DAY, () =>
    createUser(s, { name: "Sam Seller", email: DEMO_ACCOUNTS.seller, role: "seller" }),
  );
  const buyer = await happened(90 * DAY, () => createUser(s, { name: "Bea Buyer", email: DEMO_ACCOUNTS.buyer }));
  const other = await happened(80 * DAY, () =>
    createUser(s, { name: "Rafi Reseller", email: "rafi@relaptop.test", role: "seller" }),
  );

  // One laptop posted every 36 hours, the last a day and a half ago: none dated after the demo was seeded.
  const models = BRANDS.reduce((n, b) => n + Object.keys(b.laptops).length, 0);
  const start = Date.now() - models * 36 * 3600 * 1000;
  let i = 0;
  let sold: string | undefined;
  let booked: string | undefined;
  let handedOver: string | undefined;
  let shipped: string | undefined;
  const laptops: string[] = [];
  let asked: string | undefined;
  const made: { id: string; sellerId: string; priceCents: number }[] = [];
  for (const b of BRANDS) {
    const brand = await createBrand(s, b.name, b.hue);
    for (const [model, processor] of Object.entries(b.laptops)) {
      const dollars = 250 + ((i * 797) % 950);
      const sellsIt = i % 3 === 2 ? "rafi" : "sam";
      const advert = await createAdvert(s, {
        sellerId: sellsIt === "rafi" ? other.id : seller.id,
        brandId: brand.id,
        name: `${b.name} ${model}`,
        resalePriceCents: (dollars - (dollars % 5)) * 100,
        yearsOfUse: 1 + (i % 4),
        location: LOCATIONS[i % LOCATIONS.length],
        condition: CONDITIONS[i % 3],
        advertised: i % 4 === 0,
        createdAt: new Date(start + i * 36 * 3600 * 1000),
        hue: b.hue,
        processor,
        shippingCents: demoShipping(i, sellsIt),
        checklist: demoChecklist(i, CONDITIONS[i % 3] ?? "good"),
        // Each brand's first laptop has four photos: its page's gallery, swipe and lightbox show on a fresh demo.
        ...(i % 5 === 0 && { views: ["open", "side", "back"] }),
      });
      laptops.push(advert.id);
      made.push({ id: advert.id, sellerId: advert.sellerId, priceCents: advert.resalePriceCents });
      if (i === 4) sold = advert.id;
      if (i === 7) booked = advert.id;
      if (i === 6) handedOver = advert.id;
      if (i === 2) asked = advert.id;
      if (i === 9) shipped = advert.id;
      i++;
    }
  }
  for (const [k, [brandName, model, processor, dollars]] of COMMON_LAPTOPS.entries()) {
    const brandId = await brandNamed(s, brandName);
    if (!brandId) continue;
    await createAdvert(s, {
      sellerId: k % 2 ? other.id : seller.id,
      brandId,
      name: `${brandName} ${model}`,
      resalePriceCents: dollars * 100,
      originalPriceCents: 85_000,
      yearsOfUse: 3,
      location: LOCATIONS[k % LOCATIONS.length],
      condition: "good",
      createdAt: new Date(Date.now() - (k + 2) * 4 * 24 * 3600 * 1000),
      processor,
      ramGb: 8,
      storageGb: 256,
      storageType: "SSD",
    });
  }
  await giveDemoSpecs(s);
  await giveDemoBatteryReports(s);
  // Through the core, like everything below, so the demo accounts have their first notifications
  // (and, without SMTP_URL, their emails kept and logged).
  await happened(35 * DAY, () => s.services.moderation.people.setVerified(admin, seller.id, true));
  // One laptop already sold, through the real booking and payment (so the seller sees who bought it), waiting
  // for Sam to hand it over; and another handed over yesterday, in its buyer protection window ("Everything is
  // fine" for Bea to press).
  if (sold) {
    const advertId = sold;
    await happened(4 * DAY, () =>
      createPaidOrder(s, buyer, { advertId, meetingLocation: "Gulshan 1, Dhaka", phone: "01711234567" }),
    );
  }
  if (handedOver) {
    const advertId = handedOver;
    const order = await happened(3 * DAY, () =>
      createPaidOrder(s, buyer, { advertId, meetingLocation: "Dhanmondi 27, Dhaka", phone: "01711234567" }),
    );
    await happened(DAY, () => s.services.orders.handOver(seller, order.id));
  }
  // And one of Sam's booked, not yet paid: on first start his My Sales has a booking to decline or wait on.
  if (booked) {
    const advertId = booked;

    // The buyer and the seller talk about it, the seller answering within hours (the trust panel's typical
    // reply time): the seller finds the buyer's last message unread.
    const { id } = await happened(3 * DAY - 0.25, () =>
      s.services.conversations.start(buyer, {
        advertId,
        body: "Hello! Is the battery still good? Could I see the laptop on Saturday?",
      }),
    );
    await happened(2 * DAY + 21, () =>
      s.services.conversations.send(seller, id, "Hi Bea, battery health is 92%. Saturday afternoon works for me."),
    );
    await happened(2 * DAY + 20, () =>
      s.services.conversations.send(buyer, id, "Great, see you at Banani 11 at 3 pm."),
    );
    // She books it after their chat; unpaid, it holds the laptop for BOOKING_HOURS from then.
    await happened(20, () =>
      s.services.orders.book(buyer, { advertId, meetingLocation: "Banani 11, Dhaka", phone: "01711234567" }),
    );
  }
  // A buyer who asked Sam about that laptop, was answered, and later deleted her account ("Delete my account"):
  // her message stays in Sam's inbox, from "Deleted user".
  if (booked) {
    const lena = await happened(6 * DAY, () => createUser(s, { name: "Lena Lind", email: "lena@relaptop.test" }));
    const { id } = await happened(5 * DAY, () =>
      s.services.conversations.start(lena, { advertId: booked, body: "Hi! Would you take $50 less for it?" }),
    );
    await happened(5 * DAY - 2, () => s.services.conversations.send(seller, id, "Sorry, the price is firm."));
    await happened(4 * DAY, () => deleteAccount(s.runtime.db, lena, lena.id, "profile"));
  }
  // A buyer who changed her email address ("Change email"): the link went to the new address, the old one was
  // told, and she followed it. Both emails are in Email delivery, the change in her account's events.
  const cai = await happened(60 * DAY, () => createUser(s, { name: "Cai Chen", email: "cai.chen@old-mail.test" }));
  await happened(3 * DAY, async () => {
    const profile = s.services.accounts.profile;
    await profile.requestEmailChange(cai, { email: "cai@relaptop.test", password: DEMO_PASSWORD }, new Headers());
    const [mail] = await s.runtime.db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, cai.id), eq(emailOutbox.kind, "account.confirmNewEmail")));
    const link = new URL(String(mail?.payload.params.url));
    await profile.confirmEmailChange(link.searchParams.get("token") ?? "", null);
  });
  // Then her password, on her profile: she is told "How you sign in to ReLaptop changed" (Email delivery), and
  // the change is in her account's events. (Cai is not a demo login: her password is no longer the demo's.)
  await happened(2 * DAY, async () => {
    const signedIn = await s.services.accounts.signIn(
      { email: "cai@relaptop.test", password: DEMO_PASSWORD },
      new Headers(),
    );
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await s.services.accounts.changePassword(
      { currentPassword: DEMO_PASSWORD, newPassword: "Ch4nged!pw" },
      new Headers({ cookie }),
    );
  });
  // And one Sam shipped to her, with a UPS tracking number.
  if (shipped) await seedShippedOrder(s, happened, { buyer, seller, advertId: shipped });
  // And a question to the other seller, not answered yet.
  if (asked) {
    const advertId = asked;
    await happened(2 * DAY + 6, () =>
      s.services.conversations.start(buyer, { advertId, body: "Is the price negotiable? I can pay today." }),
    );
  }
  // Four saved searches for the demo buyer: instant alerts on ThinkPads, a daily digest of cheap Dells, a
  // specification (any brand) with alerts off, and laptops In hand (a daily digest: Sam's, once its proof is approved).
  const [lenovo, dell] = await Promise.all([brandNamed(s, "Lenovo"), brandNamed(s, "Dell")]);
  await happened(2 * DAY + 4, async () => {
    await s.services.savedSearches.create(buyer, { q: "thinkpad", brand: lenovo, sort: "newest" });
    await s.services.savedSearches.create(buyer, { brand: dell, maxPrice: 60_000, sort: "price_asc", alerts: "daily" });
    await s.services.savedSearches.create(buyer, {
      cpu: "i5",
      minRam: 8,
      minStorage: 256,
      storageType: "SSD",
      minBattery: 80,
      sort: "newest",
      alerts: "off",
    });
    await s.services.savedSearches.create(buyer, { inHand: true, sort: "newest", alerts: "daily" });
  });
  // A day later Rafi posts a ThinkPad and a Dell under $600: published, and matched as the job queue matches
  // them, so the buyer's bell has the ThinkPad's alert and her matches page lists both (the Dell's daily search
  // waits for its digest).
  await happened(DAY + 6, async () => {
    const posted = [
      { brandId: lenovo, name: "Lenovo ThinkPad X13 Gen 2", dollars: 640, hue: 350, processor: "Intel Core i5-1145G7" },
      { brandId: dell, name: "Dell Latitude 5420", dollars: 540, hue: 205, processor: "Intel Core i5-1135G7" },
    ];
    for (const p of posted) {
      if (!p.brandId) continue;
      const advert = await createAdvert(s, {
        sellerId: other.id,
        brandId: p.brandId,
        name: p.name,
        resalePriceCents: p.dollars * 100,
        yearsOfUse: 2,
        location: "Dhaka",
        condition: "good",
        hue: p.hue,
        processor: p.processor,
        ramGb: 16,
        storageGb: 512,
        storageType: "SSD",
      });
      await s.runtime.db.transaction((tx) => publish(tx, advert.id, other.id));
    }
    await s.services.savedSearches.matchNow();
  });
  // The buyer had saved a laptop that another buyer then bought (seedReviews): the bell says it was sold.
  const soldToKarim = laptops[10];
  if (soldToKarim) await happened(2 * DAY + 3, () => s.services.favourites.save(buyer, soldToKarim));
  // Sam gets paid: his payout account is set up a month ago; the job pays out his first two final sales, and the
  // last one waits as Available for the next daily run. Rafi has no payout account: his sale waits until he has one.
  // (With Stripe Connect payouts, Sam onboards on Stripe's pages himself: his money waits as Available.)
  const paysOut = s.services.payouts.provider.onboarding === "form";
  if (paysOut) await happened(30 * DAY, () => s.services.payouts.setUp(seller, DEMO_PAYOUT_ACCOUNT));
  await seedReviews(s, happened, seller, laptops, async (k, soldAt) => {
    if (k === 1 && paysOut) await happened(soldAt - 2, () => s.services.payouts.run({ queue: true }));
  });
  // The buyer's favourites: four of the seller's laptops (one booked, one sold), then the seller lowers the
  // price of one of them, so Favourites shows "↓ $50 since you saved it" and the bell has the price drop.
  const sams = made.filter((a) => a.sellerId === seller.id);
  const saved = [sams[0], sams[1], ...made.filter((a) => a.id === booked || a.id === sold)];
  await happened(12, async () => {
    for (const a of saved) if (a) await s.services.favourites.save(buyer, a.id);
  });
  const cheaper = sams[0];
  if (cheaper) await happened(6, () => lowerPrice(s, seller, cheaper.id, cheaper.priceCents - 5_000));
  // A laptop Sam met a buyer for, with a problem she reported that waits for an admin (Disputes).
  const disputed = laptops[3];
  if (disputed) await seedOpenDispute(s, happened, seller, disputed);
  await happened(2 * DAY, async () => {
    await seedDemoProofs(s, seller, admin);
    // The approval is matched again for the searches for laptops In hand: the buyer's lists Sam's laptop.
    await s.services.savedSearches.matchNow();
  });
  await seedSalesHistory(s);
  const [hp, acer] = await Promise.all([brandNamed(s, "HP"), brandNamed(s, "Acer")]);
  await happened(2, () => seedSuspiciousAdverts(s, { sam: seller, admin }, { Lenovo: lenovo, HP: hp, Acer: acer }));
  // Bea is also signed in on her phone (her sign-up's session, which no browser holds): her profile's "Where
  // you're signed in" lists it beside the browser she logs in with, to be signed out. The address is one kept
  // for documentation (RFC 5737).
  await s.runtime.db
    .update(sessions)
    .set({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ipAddress: "203.0.113.24",
      updatedAt: new Date(Date.now() - 3 * 3600 * 1000),
    })
    .where(eq(sessions.userId, buyer.id));
  await seedReadyExport(s, buyer.id);
  return true;
}

/**
 * Finished sales with reviews, so a newcomer sees ratings on cards and on the sellers' pages: two more
 * buyers receive laptops from Sam and Rafi and review them; Sam answers one. (Bea's paid laptop is left
 * for her to receive and review herself.)
 */
async function seedReviews(
  s: Core,
  happened: ReturnType<typeof demoTimeline>,
  sam: Awaited<ReturnType<typeof createUser>>,
  laptops: string[],
  afterSale: (k: number, soldAt: number) => Promise<void>,
) {
  const karim = await happened(60 * 24, () => createUser(s, { name: "Karim Khan", email: "karim@relaptop.test" }));
  const nadia = await happened(50 * 24, () => createUser(s, { name: "Nadia Noor", email: "nadia@relaptop.test" }));
  const sales: [typeof karim, number, number, string][] = [
    [karim, 10, 5, "Exactly as described, battery still strong. Sam met me on time and showed it working."],
    [nadia, 13, 4, "Good laptop for the price. A small scratch on the lid that was not in the photos."],
    [karim, 5, 3, "Works fine, but Rafi took two days to answer my messages."],
    [nadia, 16, 5, "Like new, with the original box and charger. Would buy from Sam again."],
  ];
  // Over the last two days: a sale every eight hours, each reviewed four hours after it, answered two later.
  for (const [k, [buyer, index, rating, body]] of sales.entries()) {
    const advertId = laptops[index];
    if (!advertId) continue;
    const soldAt = 44 - 8 * k;
    const order = await happened(soldAt, () => createCompletedOrder(s, buyer, advertId));
    const review = await happened(soldAt - 4, () => s.services.reviews.write(buyer, order.id, { rating, body }));
    await afterSale(k, soldAt);
    if (rating === 4) {
      await happened(soldAt - 6, () =>
        s.services.reviews.answer(
          sam,
          review.id,
          "Thank you, Nadia! Sorry about the scratch — I have added close-ups to my other adverts.",
        ),
      );
    }
  }
}
