import { count } from "drizzle-orm";
import { users } from "../db/schema.ts";
import { CONDITIONS } from "../schemas/values.ts";
import type { Services } from "../server/services.ts";
import { createAdvert, createBrand, createUser, lowerPrice } from "./factories.ts";

export const DEMO_ACCOUNTS = {
  admin: "admin@relaptop.test",
  seller: "seller@relaptop.test",
  buyer: "buyer@relaptop.test",
} as const;

const BRANDS: { name: string; hue: number; models: string[] }[] = [
  {
    name: "Apple",
    hue: 0,
    models: ["MacBook Air M2", "MacBook Pro 14 M3", "MacBook Air M1", "MacBook Pro 16 M1 Pro", "MacBook Pro 13 M2"],
  },
  {
    name: "Dell",
    hue: 205,
    models: ["XPS 13 9315", "Latitude 7440", "Inspiron 15 3520", "XPS 15 9530", "Vostro 3420"],
  },
  {
    name: "HP",
    hue: 190,
    models: ["EliteBook 840 G9", "Spectre x360 14", "Pavilion 15", "ProBook 450 G10", "Envy 13"],
  },
  {
    name: "Lenovo",
    hue: 350,
    models: ["ThinkPad X1 Carbon Gen 11", "ThinkPad T14 Gen 3", "IdeaPad Slim 5", "Yoga 7i", "Legion 5 Pro"],
  },
  {
    name: "Asus",
    hue: 260,
    models: ["ZenBook 14 OLED", "ROG Zephyrus G14", "VivoBook 15", "TUF Gaming A15", "ExpertBook B9"],
  },
  { name: "Acer", hue: 120, models: ["Swift 3", "Aspire 5", "Nitro 5", "TravelMate P2", "Predator Helios 16"] },
];

const LOCATIONS = ["Dhaka", "Chattogram", "Sylhet", "Khulna", "Rajshahi", "Gazipur"];

/** Seeds the demo marketplace when the database has no accounts yet. Returns whether it did. */
export async function seedDemoIfEmpty(s: Services): Promise<boolean> {
  const [row] = await s.db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return false;

  const admin = await createUser(s, { name: "Ada Admin", email: DEMO_ACCOUNTS.admin, role: "admin" });
  const seller = await createUser(s, { name: "Sam Seller", email: DEMO_ACCOUNTS.seller, role: "seller" });
  const buyer = await createUser(s, { name: "Bea Buyer", email: DEMO_ACCOUNTS.buyer });
  const other = await createUser(s, { name: "Rafi Reseller", email: "rafi@relaptop.test", role: "seller" });

  const start = Date.now() - 40 * 24 * 3600 * 1000;
  let i = 0;
  let sold: string | undefined;
  let booked: string | undefined;
  const made: { id: string; sellerId: string; priceCents: number }[] = [];
  for (const b of BRANDS) {
    const brand = await createBrand(s, b.name, b.hue);
    for (const model of b.models) {
      const dollars = 250 + ((i * 797) % 950);
      const advert = await createAdvert(s, {
        sellerId: i % 3 === 2 ? other.id : seller.id,
        brandId: brand.id,
        name: `${b.name} ${model}`,
        resalePriceCents: (dollars - (dollars % 5)) * 100,
        yearsOfUse: 1 + (i % 4),
        location: LOCATIONS[i % LOCATIONS.length],
        condition: CONDITIONS[i % 3],
        advertised: i % 4 === 0,
        createdAt: new Date(start + i * 36 * 3600 * 1000),
        hue: b.hue,
      });
      made.push({ id: advert.id, sellerId: advert.sellerId, priceCents: advert.resalePriceCents });
      if (i === 4) sold = advert.id;
      if (i === 7) booked = advert.id;
      i++;
    }
  }
  // Through the core, like everything below, so the demo accounts have their first notifications
  // (and, without SMTP_URL, their emails kept and logged).
  await s.people.setVerified(admin, seller.id, true);
  // One laptop already sold, through the real booking and payment (so the seller sees who bought it).
  if (sold) {
    const order = await s.orders.book(buyer, {
      advertId: sold,
      meetingLocation: "Gulshan 1, Dhaka",
      phone: "01711234567",
    });
    await s.orders.payWithTestCard(buyer, order.id);
  }
  // And one booked, not yet paid.
  if (booked) {
    await s.orders.book(buyer, { advertId: booked, meetingLocation: "Banani 11, Dhaka", phone: "01711234567" });
  }
  // The buyer's favourites: four of the seller's laptops (one booked, one sold), then the seller lowers the
  // price of one of them, so Favourites shows "↓ $50 since you saved it" and the bell has the price drop.
  const sams = made.filter((a) => a.sellerId === seller.id);
  const saved = [sams[0], sams[1], ...made.filter((a) => a.id === booked || a.id === sold)];
  for (const a of saved) if (a) await s.favourites.save(buyer, a.id);
  const cheaper = sams[0];
  if (cheaper) await lowerPrice(s, seller, cheaper.id, cheaper.priceCents - 5_000);
  return true;
}
