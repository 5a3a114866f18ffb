import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { advertProofs, users } from "../../db/schema/index.ts";
import type { Role } from "../../schemas/values.ts";
import { distinctPhoto } from "../../seed/demo-images.ts";
import { createAdvert, createBrand, createPaidOrder } from "../../seed/factories.ts";
import { multipart } from "../support/multipart.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import { itAcrossProcesses, listening, testAppForTests } from "../support/test-app.ts";

/**
 * The admins' moderation queue, live (Reported Items reads itself again): on both databases, through
 * LISTEN/NOTIFY (or the embedded database's own), to admins' streams and nobody else's.
 */
// Streams' heartbeats (which end a stream whose person is no longer an admin) every 100 ms, not 25 s.
const t = testAppForTests({}, { log: () => {} }, { heartbeatMs: 100 });
let base: string;
let brandId: string;
let n = 0;

const person = (role: Role = "user") => signedInPerson(t, role);

const laptop = (seller: Person) =>
  createAdvert(t, { sellerId: seller.user.id, brandId, name: `Laptop ${++n}`, resalePriceCents: 50_000 });

const MODERATION = "event: moderation\ndata: changed\n\n";

/** A person's stream, read as text: `until` returns what arrived up to and including `text`. */
async function stream(who: Person, at = base) {
  const aborter = new AbortController();
  const res = await fetch(`${at}/api/notifications/stream`, {
    headers: { cookie: who.cookie },
    signal: aborter.signal,
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    /** What arrived until `text` (inclusive); null if the stream ended first. */
    async until(text: string): Promise<string | null> {
      while (!buffered.includes(text)) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return null;
        buffered += decoder.decode(value, { stream: true });
      }
      const end = buffered.indexOf(text) + text.length;
      const read = buffered.slice(0, end);
      buffered = buffered.slice(end);
      return read;
    },
    close: () => aborter.abort(),
  };
}
type Stream = Awaited<ReturnType<typeof stream>>;
/** Connected: what the stream sends on connect has arrived (its subscriptions came before). */
const connected = async (s: Stream) => expect(await s.until("event: messages\n")).not.toBeNull();

beforeAll(async () => {
  brandId = (await createBrand(t, "Dell")).id;
  base = await listening(t);
});

describe("the admins' moderation queue, live", () => {
  it("an admin's stream hears a report and the admin's decision; the reporter's and the seller's streams never do", async () => {
    const admin = await person("admin");
    const seller = await person("seller");
    const buyer = await person();
    const advert = await laptop(seller);
    const [adminStream, buyerStream, sellerStream] = await Promise.all([stream(admin), stream(buyer), stream(seller)]);
    await Promise.all([adminStream, buyerStream, sellerStream].map(connected));

    expect((await buyer.http.post("/api/reports", { advertId: advert.id, reason: "Scam or fraud" })).statusCode).toBe(
      201,
    );
    expect(await adminStream.until(MODERATION)).not.toBeNull();

    const removed = await admin.http.post(`/api/adverts/${advert.id}/removal`, { reason: "A scam" });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await adminStream.until(MODERATION)).not.toBeNull();
    // The removal tells the reporter and the seller (their bells): everything their streams carried until
    // then — the report's announcement and the removal's came before — holds no moderation event.
    const toBuyer = await buyerStream.until("event: unread\ndata: 1\n\n");
    const toSeller = await sellerStream.until("event: unread\ndata: 1\n\n");
    expect(toBuyer).not.toBeNull();
    expect(toSeller).not.toBeNull();
    expect(toBuyer).not.toContain("moderation");
    expect(toSeller).not.toContain("moderation");
    for (const s of [adminStream, buyerStream, sellerStream]) s.close();
  });

  it("a laptop whose proof photo waits: sold, its photo leaves the admins' count live; refunded, it is back", async () => {
    const admin = await person("admin");
    const seller = await person("seller");
    const buyer = await person();
    const advert = await laptop(seller);
    await t.db.insert(advertProofs).values({
      advertId: advert.id,
      sellerId: seller.user.id,
      code: "K7Q2MX",
      photoKey: `private/${"ef".repeat(32)}.webp`,
      hash: 1n,
      band0: 0,
      band1: 0,
      band2: 0,
      band3: 0,
    });
    const proofsToCheck = async () => (await admin.http.get("/api/me/to-do")).json().counts.proofPhotos as number;
    const before = await proofsToCheck();
    const adminStream = await stream(admin);
    await connected(adminStream);

    const order = await createPaidOrder(t, buyer.user, {
      advertId: advert.id,
      meetingLocation: "Banani",
      phone: "01712345678",
    });
    expect(await adminStream.until(MODERATION)).not.toBeNull();
    expect(await proofsToCheck()).toBe(before - 1);

    // The buyer cancels before the handover: refunded, the laptop is on sale again, its proof to check again.
    const cancelled = await buyer.http.post(`/api/orders/${order.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await adminStream.until(MODERATION)).not.toBeNull();
    expect(await proofsToCheck()).toBe(before);
    adminStream.close();
  });

  it("a reported conversation and an advert held for review reach the admins' streams too", async () => {
    const admin = await person("admin");
    const seller = await person("seller");
    const other = await person("seller");
    const buyer = await person();
    const fields = (name: string) => ({
      name,
      brandId,
      originalPrice: "900",
      resalePrice: "450",
      yearsOfUse: "3",
      location: "Dhaka",
      mobile: "01855555555",
      description: "Works well, with its charger.",
      condition: "good",
    });
    const post = async (who: Person, name: string, seed: number) => {
      const body = multipart(fields(name), { photos: { name: "p.png", data: await distinctPhoto(name, seed) } });
      const posted = await who.http.raw("POST", "/api/adverts", body.payload, body.headers);
      expect(posted.statusCode, posted.body).toBe(201);
    };
    await post(seller, "Own number", 11);
    const adminStream = await stream(admin);
    await connected(adminStream);

    const asked = await buyer.http.post("/api/conversations", { advertId: (await laptop(seller)).id, body: "Hi" });
    expect(asked.statusCode, asked.body).toBe(201);
    const reported = await buyer.http.post(`/api/conversations/${asked.json().id}/report`, { reason: "Scam or fraud" });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    expect(await adminStream.until(MODERATION)).not.toBeNull();

    // The other seller posts with the first one's mobile number: held for review before anyone sees it.
    await post(other, "Borrowed number", 12);
    const queue = (await admin.http.get("/api/review-queue")).json().adverts as {
      id: string;
      name: string;
      held: boolean;
    }[];
    const held = queue.find((a) => a.name === "Borrowed number");
    expect(held).toMatchObject({ held: true });
    expect(await adminStream.until(MODERATION)).not.toBeNull();

    // Its seller edits it while it is held (the queue shows the new name), then deletes it (it leaves the queue).
    const edit = multipart(fields("Borrowed number, renamed"), {});
    const edited = await other.http.raw("PUT", `/api/adverts/${held?.id}`, edit.payload, edit.headers);
    expect(edited.statusCode, edited.body).toBe(204);
    expect(await adminStream.until(MODERATION)).not.toBeNull();
    expect((await other.http.raw("DELETE", `/api/adverts/${held?.id}`)).statusCode).toBe(204);
    expect(await adminStream.until(MODERATION)).not.toBeNull();
    adminStream.close();
  });

  it("the core hands the queue's changes to admins only", async () => {
    const buyer = await person();
    const seller = await person("seller");
    for (const who of [buyer, seller]) {
      await expect(t.services.moderation.live.subscribe(who.user, () => {})).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
  });

  itAcrossProcesses(
    t,
    "a report made through one app process reaches an admin's stream served by another (PostgreSQL)",
    async (other) => {
      const admin = await person("admin");
      const buyer = await person();
      const advert = await laptop(await person("seller"));
      const adminStream = await stream(admin, other.base);
      await connected(adminStream);
      const reported = await buyer.http.post("/api/reports", { advertId: advert.id, reason: "Other" });
      expect(reported.statusCode).toBe(201);
      expect(await adminStream.until(MODERATION)).not.toBeNull();
      adminStream.close();
    },
  );

  it("an admin who is an admin no more: their stream ends at its next heartbeat (the browser's next one is not an admin's)", async () => {
    const admin = await person("admin");
    const staying = await person("admin");
    const [leaving, kept] = await Promise.all([stream(admin), stream(staying)]);
    await Promise.all([leaving, kept].map(connected));
    await t.db.update(users).set({ role: "user" }).where(eq(users.id, admin.user.id));
    expect(await leaving.until("never sent")).toBeNull();
    expect(await kept.until(": heartbeat")).not.toBeNull();
    kept.close();
  });
});
