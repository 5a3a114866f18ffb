import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { holdForReview, lockAdvert } from "../../core/orders/index.ts";
import {
  adminActions,
  advertProofs,
  adverts,
  notifications,
  proofCodes,
  savedSearchMatches,
} from "../../db/schema/index.ts";
import { PROOF_MESSAGES as M } from "../../schemas/proof-photos.ts";
import { distinctPhoto } from "../../seed/demo-images.ts";
import { createBrand, createUser } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { advertFormFields, multipart, sendAdvertForm } from "../support/multipart.ts";
import { pageAppForTests, shownOn } from "../support/page-build.ts";
import { signedInClients } from "../support/people.ts";

/**
 * "In hand": a seller's one-time code, a proof photo of the laptop beside it sent with the advert form, only
 * admins seeing it on Proof photos, and an approval giving the advert its badge and filter (a rejection its
 * seller's reason). A photo already in an advert, or another proof, proves nothing and is refused.
 */
// With the pages: the admins' Proof photos page's form is posted here too, as a browser without JavaScript does.
const t = pageAppForTests();
let brandId: string;
let as: Record<"anonymous" | "sam" | "rafi" | "bea" | "admin", Client>;

const codeOf = async (who: Client) => {
  const res = await who.get("/api/proof-code");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { code: string; expiresAt: string };
};
/** Every cover a layout of its own: one picture on two sellers' adverts would hold the second for review. */
let covers = 0;
/** Each seller's own phone: one shared by two sellers would hold their adverts for review. */
const mobileOf = (who: Client) => (who === as.rafi ? "01788888888" : "01799999999");
/** Posts an advert with a proof photo (and a cover photo of its own): the answer. */
async function postWithProof(who: Client, fields: Record<string, string>, proof: Buffer, cover?: Buffer) {
  const body = multipart(advertFormFields(brandId, { mobile: mobileOf(who), ...fields }), {
    photos: { name: "p.png", data: cover ?? (await distinctPhoto("cover", 100 + covers++)) },
    proofPhoto: { name: "proof.jpg", data: proof },
  });
  return who.raw("POST", "/api/adverts", body.payload, body.headers);
}
const queue = async () =>
  (await as.admin.get("/api/proof-photos")).json().proofs as {
    id: string;
    advertId: string;
    code: string;
    photoUrl: string;
  }[];
/** The laptops a saved search was matched with (told of). */
const matchedBy = async (searchId: string) =>
  (await t.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, searchId))).map(
    (m) => m.advertId,
  );
const inHandIds = async () =>
  ((await as.anonymous.get("/api/adverts?inHand=true")).json().items as { id: string }[]).map((a) => a.id);

beforeAll(async () => {
  brandId = (await createBrand(t, "Lenovo")).id;
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  await createUser(t, { name: "Sam", email: "sam@x.test", role: "seller" });
  await createUser(t, { name: "Rafi", email: "rafi@x.test", role: "seller" });
  await createUser(t, { name: "Bea", email: "bea@x.test" });
  as = await signedInClients(t, { sam: "sam@x.test", rafi: "rafi@x.test", bea: "bea@x.test", admin: "admin@x.test" });
});

describe("the one-time code", () => {
  it("is six characters nobody misreads, the same on every showing for 24 hours, each seller's own", async () => {
    const first = await codeOf(as.sam);
    expect(first.code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await codeOf(as.sam)).code).toBe(first.code);
    expect((await codeOf(as.rafi)).code).not.toBe(first.code);
  });

  it("is a seller's: a buyer and a visitor are refused", async () => {
    expect((await as.bea.get("/api/proof-code")).statusCode).toBe(403);
    expect((await as.anonymous.get("/api/proof-code")).statusCode).toBe(401);
  });

  it("is renewed once 24 hours have passed", async () => {
    const old = await codeOf(as.rafi);
    await t.db
      .update(proofCodes)
      .set({ issuedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(proofCodes.code, old.code));
    expect((await codeOf(as.rafi)).code).not.toBe(old.code);
  });
});

describe("a proof photo", () => {
  let advertId: string;
  let proofId: string;

  it("goes with the advert form to the admins' queue, with the code it should show; the code is used up", async () => {
    const { code } = await codeOf(as.sam);
    const res = await postWithProof(as.sam, { name: "Sam's T14", proofCode: code }, await distinctPhoto("proof", 11));
    expect(res.statusCode, res.body).toBe(201);
    advertId = res.json().id;
    const waiting = (await queue()).find((p) => p.advertId === advertId);
    expect(waiting?.code).toBe(code);
    proofId = waiting?.id as string;
    expect((await codeOf(as.sam)).code).not.toBe(code);
    // The admins' menu and dashboard count it.
    expect((await as.admin.get("/api/me/to-do")).json().counts.proofPhotos).toBe(1);
    // Not In hand until an admin says so.
    expect((await as.anonymous.get(`/api/adverts/${advertId}`)).json().inHand).toBe(false);
  });

  it("is shown to admins only: its seller, a buyer and a visitor get nothing, and no public answer names it", async () => {
    const photo = await as.admin.raw("GET", `/api/proof-photos/${proofId}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.headers["cache-control"]).toBe("private, no-store");
    expect((await as.sam.raw("GET", `/api/proof-photos/${proofId}/photo`)).statusCode).toBe(403);
    expect((await as.bea.raw("GET", `/api/proof-photos/${proofId}/photo`)).statusCode).toBe(403);
    expect((await as.anonymous.raw("GET", `/api/proof-photos/${proofId}/photo`)).statusCode).toBe(401);
    expect((await as.sam.get("/api/proof-photos")).statusCode).toBe(403);
    const [row] = await t.db.select().from(advertProofs).where(eq(advertProofs.id, proofId));
    expect(row?.photoKey).toMatch(/^private\//);
    // The media route refuses private keys whoever asks.
    expect((await as.admin.raw("GET", `/media/${row?.photoKey}`)).statusCode).toBe(404);
    for (const res of [
      await as.anonymous.get(`/api/adverts/${advertId}`),
      await as.sam.get(`/api/adverts/${advertId}`),
    ]) {
      expect(res.body).not.toContain(row?.photoKey.slice(8, 40));
    }
  });

  it("approved, gives the advert In hand: its answer, the filter and its count; the seller is told; it is logged", async () => {
    const res = await as.admin.post(`/api/proof-photos/${proofId}/decision`, { decision: "approve" });
    expect(res.statusCode, res.body).toBe(204);
    expect((await as.anonymous.get(`/api/adverts/${advertId}`)).json().inHand).toBe(true);
    expect(await inHandIds()).toEqual([advertId]);
    expect((await as.anonymous.get("/api/adverts?inHand=maybe")).statusCode).toBe(400);
    const counted = (await as.anonymous.get("/api/adverts/counts")).json();
    expect(counted.inHand).toEqual([{ value: 1, count: 1 }]);
    expect((await queue()).map((p) => p.id)).not.toContain(proofId);
    expect((await as.admin.get("/api/me/to-do")).json().counts.proofPhotos).toBe(0);
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, "advert.inHand"));
    expect(told).toHaveLength(1);
    const logged = await t.db.select().from(adminActions).where(eq(adminActions.action, "approve-proof"));
    expect(logged[0]?.summary).toBe("Approved the proof photo of Sam's T14: In hand");
    // Decided once: a second decision is refused.
    const again = await as.admin.post(`/api/proof-photos/${proofId}/decision`, { decision: "reject", reason: "x" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notPending);
  });

  it("a second one for an advert In hand is refused on its field", async () => {
    const { code } = await codeOf(as.sam);
    const body = multipart(
      { ...advertFormFields(brandId, { name: "Sam's T14", mobile: "01799999999" }), proofCode: code },
      {
        proofPhoto: { name: "proof.jpg", data: await distinctPhoto("proof again", 12) },
      },
    );
    const res = await as.sam.raw("PUT", `/api/adverts/${advertId}`, body.payload, body.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.proofPhoto).toBe(M.alreadyProved);
  });

  it("rejected, tells its seller why; the edit form may send a new one", async () => {
    const { code } = await codeOf(as.rafi);
    const posted = await postWithProof(
      as.rafi,
      { name: "Rafi's X13", proofCode: code },
      await distinctPhoto("rafi", 13),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id as string;
    const proof = (await queue()).find((p) => p.advertId === id);
    const missing = await as.admin.post(`/api/proof-photos/${proof?.id}/decision`, { decision: "reject", reason: " " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.reason).toBe(M.reasonRequired);
    // The page's Reject says so under that proof's reason field.
    const onPage = await as.admin.form("/dashboard/proof-photos", {
      id: proof?.id ?? "",
      decision: "reject",
      reason: "",
    });
    expect(onPage.statusCode).toBe(400);
    expect(shownOn(onPage.body)).toContain(`${M.reasonRequired}</p>`);
    const res = await as.admin.post(`/api/proof-photos/${proof?.id}/decision`, {
      decision: "reject",
      reason: "The code on the paper is not yours.",
    });
    expect(res.statusCode).toBe(204);
    const [told] = await t.db.select().from(notifications).where(eq(notifications.kind, "advert.proofRejected"));
    expect(told?.body).toContain("The code on the paper is not yours.");
    expect((await as.anonymous.get(`/api/adverts/${id}`)).json().inHand).toBe(false);
    // A new photo, with the new code, from the edit form.
    const next = await codeOf(as.rafi);
    const fields = {
      ...advertFormFields(brandId, { name: "Rafi's X13", mobile: "01799999999" }),
      proofCode: next.code,
    };
    const body = multipart(fields, { proofPhoto: { name: "proof.jpg", data: await distinctPhoto("rafi again", 14) } });
    const edited = await as.rafi.raw("PUT", `/api/adverts/${id}`, body.payload, body.headers);
    expect(edited.statusCode, edited.body).toBe(204);
    expect((await queue()).some((p) => p.advertId === id)).toBe(true);
  });

  it("approved, tells the saved searches for laptops In hand; those told of the laptop before are not told again", async () => {
    const save = async (body: Record<string, unknown>) => {
      const res = await as.bea.post("/api/saved-searches", { brand: brandId, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const [inHandOnly, anyLenovo] = [await save({ inHand: true }), await save({})];
    const posted = await postWithProof(
      as.rafi,
      { name: "Rafi's proven later", proofCode: (await codeOf(as.rafi)).code },
      await distinctPhoto("proven later", 19),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id as string;
    await t.services.savedSearches.matchNow();
    expect(await matchedBy(inHandOnly)).not.toContain(id);
    expect(await matchedBy(anyLenovo)).toContain(id);
    // Saved after the laptop was published: In hand is no news of a new laptop to it.
    const savedSince = await save({ minPrice: 1 });

    const proof = (await queue()).find((p) => p.advertId === id);
    expect((await as.admin.post(`/api/proof-photos/${proof?.id}/decision`, { decision: "approve" })).statusCode).toBe(
      204,
    );
    await t.services.savedSearches.matchNow();
    expect(await matchedBy(inHandOnly)).toContain(id);
    expect((await matchedBy(anyLenovo)).filter((advertId) => advertId === id)).toHaveLength(1);
    expect(await matchedBy(savedSince)).not.toContain(id);
    const told = await t.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(eq(notifications.kind, "savedSearch.match"));
    expect(told.filter((n) => n.link === `/laptops/${id}`)).toHaveLength(2);
  });

  it("approved while its laptop, published before, is held for review: the searches for In hand hear once it is approved", async () => {
    const searchId = (await as.bea.post("/api/saved-searches", { brand: brandId, inHand: true, maxPrice: 5000 })).json()
      .id as string;
    const posted = await postWithProof(
      as.rafi,
      { name: "Rafi's held then proven", proofCode: (await codeOf(as.rafi)).code },
      await distinctPhoto("held then proven", 20),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id as string;
    await t.services.savedSearches.matchNow();
    // Held, as an edit would hold it, then its proof approved: not public, so nobody hears yet.
    await t.db.transaction(async (tx) =>
      holdForReview(tx, id, await lockAdvert(tx, id), [{ kind: "off_site_contact" } as never]),
    );
    const proof = (await queue()).find((p) => p.advertId === id);
    expect((await as.admin.post(`/api/proof-photos/${proof?.id}/decision`, { decision: "approve" })).statusCode).toBe(
      204,
    );
    await t.services.savedSearches.matchNow();
    expect(await matchedBy(searchId)).not.toContain(id);
    expect((await as.admin.post(`/api/adverts/${id}/approval`)).statusCode).toBe(204);
    await t.services.savedSearches.matchNow();
    expect(await matchedBy(searchId)).toContain(id);
  });

  it("waits only while its laptop may still sell: withdrawn, it leaves the queue and the count, and is not decided", async () => {
    const posted = await postWithProof(
      as.rafi,
      { name: "Rafi's withdrawn", proofCode: (await codeOf(as.rafi)).code },
      await distinctPhoto("withdrawn", 18),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id as string;
    const proof = (await queue()).find((p) => p.advertId === id);
    expect(proof).toBeDefined();
    const waiting = (await as.admin.get("/api/me/to-do")).json().counts.proofPhotos as number;
    expect((await as.rafi.raw("DELETE", `/api/adverts/${id}`)).statusCode).toBe(204);
    expect((await queue()).some((p) => p.advertId === id)).toBe(false);
    expect((await as.admin.get("/api/me/to-do")).json().counts.proofPhotos).toBe(waiting - 1);
    const decided = await as.admin.post(`/api/proof-photos/${proof?.id}/decision`, { decision: "approve" });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().message).toBe(M.noLongerForSale);
  });

  it("is refused with a code that is not the seller's live one, and nothing is posted", async () => {
    const before = (await t.db.select({ id: adverts.id }).from(adverts)).length;
    const rafis = (await codeOf(as.rafi)).code;
    for (const proofCode of [rafis, "", "ACDEFG"]) {
      const res = await postWithProof(as.sam, { name: "Wrong code", proofCode }, await distinctPhoto("wrong", 15));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.proofPhoto).toBe(M.codeExpired);
    }
    expect((await t.db.select({ id: adverts.id }).from(adverts)).length).toBe(before);
  });

  it("is refused when it is another advert's photo, or another proof, even re-encoded", async () => {
    const picture = await distinctPhoto("Rafi's listing", 16);
    const listed = await sendAdvertForm(
      as.rafi,
      advertFormFields(brandId, { name: "Rafi's own", mobile: "01788888888" }),
    );
    expect(listed.statusCode).toBe(201);
    // Rafi's listing photo, as Sam's proof.
    const rafisPhoto = await postWithProof(
      as.rafi,
      { name: "Rafi's listed", proofCode: (await codeOf(as.rafi)).code },
      await distinctPhoto("x", 17),
      picture,
    );
    expect(rafisPhoto.statusCode, rafisPhoto.body).toBe(201);
    const { code } = await codeOf(as.sam);
    const reused = await postWithProof(as.sam, { name: "Copied", proofCode: code }, picture);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields.proofPhoto).toBe(M.reused);
    // The first proof's picture again (Sam's own, approved above), as a JPEG.
    const again = await postWithProof(
      as.sam,
      { name: "Copied proof", proofCode: code },
      await distinctPhoto("proof", 11),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.proofPhoto).toBe(M.reused);
  });

  it("is refused when it is not an image, on its field", async () => {
    const { code } = await codeOf(as.sam);
    const res = await postWithProof(as.sam, { name: "Not an image", proofCode: code }, Buffer.from("not a picture"));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(["proofPhoto"]);
  });
});

describe("the admins' decision", () => {
  it("is an admin's: a seller and a buyer are refused, a proof that does not exist is 404", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await as.sam.post(`/api/proof-photos/${id}/decision`, { decision: "approve" })).statusCode).toBe(403);
    expect((await as.bea.post(`/api/proof-photos/${id}/decision`, { decision: "approve" })).statusCode).toBe(403);
    expect((await as.admin.post(`/api/proof-photos/${id}/decision`, { decision: "approve" })).statusCode).toBe(404);
    expect((await as.admin.post(`/api/proof-photos/${id}/decision`, { decision: "maybe" })).statusCode).toBe(400);
  });
});

describe("deleting the seller's account", () => {
  it("deletes their proof photos' files and rows, and their code", async () => {
    await createUser(t, { name: "Gus", email: "gus@x.test", role: "seller" });
    const { gus } = await signedInClients(t, { gus: "gus@x.test" });
    const { code } = await codeOf(gus as Client);
    const body = multipart(
      advertFormFields(brandId, { name: "Gus's laptop", mobile: "01777777777", proofCode: code }),
      {
        photos: { name: "p.png", data: await distinctPhoto("gus cover", 200) },
        proofPhoto: { name: "proof.jpg", data: await distinctPhoto("gus proof", 201) },
      },
    );
    expect((await (gus as Client).raw("POST", "/api/adverts", body.payload, body.headers)).statusCode).toBe(201);
    const [proof] = await t.db.select().from(advertProofs).where(eq(advertProofs.code, code));
    expect(await t.runtime.media.openPrivate(proof?.photoKey as string)).not.toBeNull();
    await (gus as Client).get("/api/proof-code");
    const gusId = proof?.sellerId as string;
    expect((await as.admin.raw("DELETE", `/api/users/${gusId}`)).statusCode).toBe(204);
    expect(await t.runtime.media.openPrivate(proof?.photoKey as string)).toBeNull();
    expect(await t.db.select().from(advertProofs).where(eq(advertProofs.sellerId, gusId))).toEqual([]);
    expect(await t.db.select().from(proofCodes).where(eq(proofCodes.sellerId, gusId))).toEqual([]);
  });
});
