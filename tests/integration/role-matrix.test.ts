import { beforeAll, expect, it } from "vitest";
import { hashBands, storePrivatePhoto } from "../../core/media/index.ts";
import { advertProofs, conversationBlocks, sessions, stolenSerials } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createCompletedOrder, createUser } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { insertPasskey } from "../support/passkeys.ts";
import { signedInClients } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

/**
 * Every API operation, called by every kind of actor, against what the policy says.
 * "ok" = allowed (any answer but 401/403/5xx; business refusals like 409 are fine);
 * a number = refused with exactly that status (200: answered, where a 404 would mean refused). Operations come from the OpenAPI document,
 * so a new operation without a line here fails this test.
 */
const ACTORS = ["anonymous", "buyer", "owner", "ownerAsUser", "otherSeller", "admin"] as const;
type Actor = (typeof ACTORS)[number];
type Cell = "ok" | 200 | 401 | 403 | 404;
const row = (anonymous: Cell, buyer: Cell, owner: Cell, ownerAsUser: Cell, otherSeller: Cell, admin: Cell) => ({
  anonymous,
  buyer,
  owner,
  ownerAsUser,
  otherSeller,
  admin,
});
const PUBLIC = row("ok", "ok", "ok", "ok", "ok", "ok");
const SIGNED_IN = row(401, "ok", "ok", "ok", "ok", "ok");
const ADMIN_ONLY = row(401, 403, 403, 403, 403, "ok");
/** A seller acting as one (their own payouts): not a buyer, not the same seller acting as a user, not an admin. */
const SELLING = row(401, 403, "ok", 403, "ok", 403);
const OWN_ADVERT = row(401, 403, "ok", 403, 404, "ok");
/** The owner's own notification: anyone else's is not found. */
const OWN_NOTIFICATION = row(401, 404, "ok", 404, 404, 404);
/** The owner's own saved search: anyone else's is not found. */
const OWN_SAVED_SEARCH = row(401, 404, "ok", 404, 404, 404);
/** A conversation between the buyer and the owner: theirs alone (admins read one only once reported). */
const OWN_CONVERSATION = row(401, "ok", "ok", 404, 404, 404);
/** The same once one of its two people reported it: admins read it too (Reported Items), nobody else does. */
const REPORTED_CONVERSATION = row(401, 200, 200, 404, 404, 200);
/** People who buy keep favourites (admins do not). */
const CAN_BUY = row(401, "ok", "ok", "ok", "ok", 403);
/** Saving the owner's laptop: anyone who buys, but not its own seller. */
const SAVE_NOT_OWN = row(401, "ok", 403, "ok", "ok", 403);
/** The buyer's own favourite: nobody else has it to remove. */
const OWN_FAVOURITE = row(401, "ok", 404, 404, 404, 403);
/** The owner's own data export: anyone else's is not found. */
const OWN_EXPORT = row(401, 404, "ok", 404, 404, 404);
/** A session of the owner's (another device of theirs): anyone else's is not found. */
const OWN_SESSION = row(401, 404, "ok", 404, 404, 404);
/** A passkey of the owner's: anyone else's is not found. */
const OWN_PASSKEY = row(401, 404, "ok", 404, 404, 404);
/** Operations that answer with a stream that never ends by itself. */
const STREAMS = new Set(["GET /api/notifications/stream"]);

const POLICY: Record<string, ReturnType<typeof row> | "identity"> = {
  "GET /api/me": SIGNED_IN,
  "GET /api/me/summary": SIGNED_IN,
  "GET /api/me/to-do": SIGNED_IN,
  "GET /api/me/is-admin": SIGNED_IN,
  "GET /api/me/is-seller": SIGNED_IN,
  "GET /api/me/sessions": SIGNED_IN,
  "DELETE /api/me/sessions/{id}": OWN_SESSION,
  "POST /api/me/sessions/sign-out-others": SIGNED_IN,
  "GET /api/me/passkeys": SIGNED_IN,
  "PUT /api/me/passkeys/{id}": OWN_PASSKEY,
  "DELETE /api/me/passkeys/{id}": OWN_PASSKEY,
  // Adding a passkey needs a session (the matrix's answer to no challenge is refused: 400, nothing is added);
  // signing in with one is anyone's (its answer to no challenge: 400, nobody is signed in).
  "GET /api/auth/passkey/generate-register-options": SIGNED_IN,
  "POST /api/auth/passkey/verify-registration": SIGNED_IN,
  "GET /api/auth/passkey/generate-authenticate-options": PUBLIC,
  "POST /api/auth/passkey/verify-authentication": PUBLIC,
  // Anyone signed in deletes their own account (the matrix sends a wrong password: 400, nobody is deleted).
  "POST /api/me/delete": SIGNED_IN,
  // Anyone signed in changes their own email (the matrix sends a wrong password: 400, nothing is sent).
  "POST /api/me/email": SIGNED_IN,
  // Anyone signed in, about their own account: the matrix's accounts have a password already (409, nothing
  // changes) and no Google account to unlink (404).
  "GET /api/me/sign-in-ways": SIGNED_IN,
  "POST /api/me/password": SIGNED_IN,
  "POST /api/me/google/unlink": SIGNED_IN,
  // Anyone signed in asks for their own data (a second request while one prepares: 409) and downloads only theirs.
  "POST /api/account/export": SIGNED_IN,
  "GET /api/account/export": SIGNED_IN,
  "GET /api/account/export/{id}/download": OWN_EXPORT,
  // Anyone holding a link may follow it (the matrix's token is unknown: 400).
  "POST /api/email-change/confirm": PUBLIC,
  "POST /api/auth/sign-up/email": "identity",
  "POST /api/auth/sign-in/email": "identity",
  "POST /api/auth/sign-in/magic-link": "identity",
  "POST /api/auth/sign-out": "identity",
  "GET /api/auth/get-session": "identity",
  "POST /api/auth/sign-in/social": "identity",
  "GET /api/auth/callback/{providerId}": "identity",
  "POST /api/auth/request-password-reset": "identity",
  "POST /api/auth/reset-password": "identity",
  "GET /api/auth/verify-email": "identity",
  "POST /api/auth/send-verification-email": "identity",
  // The sign-in's second step: anyone holding a challenge cookie (the matrix's code is wrong, and nobody has one).
  "POST /api/auth/two-factor/verify-totp": "identity",
  "POST /api/auth/two-factor/verify-backup-code": "identity",
  // Anyone signed in turns their own two-factor on or off, or gets new backup codes, with their password (the
  // matrix sends a wrong one: 400, nothing changes).
  "POST /api/auth/two-factor/enable": SIGNED_IN,
  "POST /api/auth/two-factor/disable": SIGNED_IN,
  "POST /api/auth/two-factor/generate-backup-codes": SIGNED_IN,
  "GET /api/brands": PUBLIC,
  "POST /api/brands": ADMIN_ONLY,
  "PUT /api/brands/{id}": ADMIN_ONLY,
  "DELETE /api/brands/{id}": ADMIN_ONLY,
  "GET /api/adverts/advertised": PUBLIC,
  "GET /api/adverts": PUBLIC,
  "GET /api/adverts/counts": PUBLIC,
  "GET /api/adverts/{id}": PUBLIC,
  "GET /api/processors": PUBLIC,
  "GET /api/worth": PUBLIC,
  "POST /api/adverts": row(401, 403, "ok", 403, "ok", 403),
  "POST /api/advert-photos": row(401, 403, "ok", 403, "ok", 403),
  "GET /api/price-guidance": row(401, 403, "ok", 403, "ok", 403),
  "PUT /api/adverts/{id}": row(401, 403, "ok", 403, 404, 403),
  "PUT /api/adverts/{id}/advertisement": row(401, 403, "ok", 403, 404, 403),
  "DELETE /api/adverts/{id}": OWN_ADVERT,
  "GET /api/sellers/{email}/adverts": row(401, 403, "ok", 403, 403, "ok"),
  "POST /api/orders": row(401, "ok", "ok", "ok", "ok", 403),
  // Admins do not buy: no My Orders for them.
  "GET /api/orders": CAN_BUY,
  // An order's page: its buyer, its laptop's seller and admins; nobody else learns it exists.
  "GET /api/orders/{id}": row(401, 200, 200, 404, 404, 200),
  // Its seller alone declines it (acting as a seller); another seller is told it does not exist.
  "POST /api/orders/{id}/decline": row(401, 403, "ok", 403, 404, 403),
  // Its seller alone marks a paid order to be shipped as shipped; another seller is told it does not exist.
  "POST /api/orders/{id}/ship": row(401, 403, "ok", 403, 404, 403),
  // My Sales: sellers, each their own.
  "GET /api/sales": row(401, 403, "ok", 403, "ok", 403),
  "POST /api/orders/{id}/pay": row(401, "ok", 404, 404, 404, 404),
  "POST /api/orders/{id}/payment-intent": row(401, "ok", 404, 404, 404, 404),
  "POST /api/orders/{id}/payment-intent/{intentId}/settle": row(401, "ok", 404, 404, 404, 404),
  "POST /api/orders/{id}/cancel": row(401, "ok", 404, 404, 404, 404),
  "POST /api/orders/{id}/receipt": row(401, "ok", 404, 404, 404, 404),
  "POST /api/orders/{id}/accept": row(401, "ok", 404, 404, 404, 404),
  // Its seller marks it handed over (acting as a seller); another seller is told it does not exist.
  "POST /api/orders/{id}/handed-over": row(401, 403, "ok", 403, 404, 403),
  // Its buyer alone reports a problem; the dispute is read by its buyer, its seller and admins, written in by
  // its two people, decided by admins.
  "POST /api/orders/{id}/dispute": row(401, "ok", 404, 404, 404, 404),
  "GET /api/orders/{id}/dispute": row(401, 200, 200, 404, 404, 200),
  "POST /api/orders/{id}/dispute/messages": row(401, "ok", "ok", 404, 404, 404),
  "GET /api/disputes": ADMIN_ONLY,
  "POST /api/disputes/{id}/decision": ADMIN_ONLY,
  // A seller's money is their own (acting as a seller); admins read any seller's, and the marketplace's Finance.
  "GET /api/fee": PUBLIC,
  "GET /api/payouts": SELLING,
  "GET /api/payouts/lines.csv": SELLING,
  "POST /api/payouts/account": SELLING,
  // Stripe's onboarding: with the simulated provider a seller is told to use the form (409).
  "POST /api/payouts/onboarding": SELLING,
  "GET /api/people/{id}/payouts": ADMIN_ONLY,
  "GET /api/finance": ADMIN_ONLY,
  "GET /api/sellers": ADMIN_ONLY,
  "GET /api/buyers": ADMIN_ONLY,
  "PUT /api/sellers/{id}/verification": ADMIN_ONLY,
  "DELETE /api/users/{id}": ADMIN_ONLY,
  "GET /api/users/{id}/orders": ADMIN_ONLY,
  "PUT /api/me/acting-mode": row(401, 403, "ok", "ok", "ok", 403),
  "POST /api/reports": row(401, "ok", "ok", "ok", "ok", 403),
  "GET /api/reports": ADMIN_ONLY,
  "POST /api/reports/{advertId}/dismissal": ADMIN_ONLY,
  "POST /api/adverts/{id}/removal": ADMIN_ONLY,
  "GET /api/review-queue": ADMIN_ONLY,
  "POST /api/adverts/{id}/approval": ADMIN_ONLY,
  "POST /api/adverts/{id}/rejection": ADMIN_ONLY,
  "GET /api/stolen-serials": ADMIN_ONLY,
  "POST /api/stolen-serials": ADMIN_ONLY,
  "DELETE /api/stolen-serials/{id}": ADMIN_ONLY,
  // "In hand": a seller's code is theirs (acting as a seller); proof photos are admins' alone.
  "GET /api/proof-code": SELLING,
  "GET /api/proof-photos": ADMIN_ONLY,
  "POST /api/proof-photos/{id}/decision": ADMIN_ONLY,
  "GET /api/proof-photos/{id}/photo": ADMIN_ONLY,
  // The email's one-click link: its signed token, not a session, says whose email it stops.
  "POST /api/notifications/unsubscribe": PUBLIC,
  "GET /api/notifications": SIGNED_IN,
  "GET /api/notifications/unread-count": SIGNED_IN,
  "GET /api/notifications/stream": SIGNED_IN,
  "POST /api/notifications/read": SIGNED_IN,
  "POST /api/notifications/{id}/read": OWN_NOTIFICATION,
  "GET /api/me/email-preferences": SIGNED_IN,
  "PUT /api/me/email-preferences": SIGNED_IN,
  "GET /api/saved-searches": SIGNED_IN,
  "POST /api/saved-searches": SIGNED_IN,
  // The laptops that matched the caller's own searches.
  "GET /api/saved-searches/matches": SIGNED_IN,
  "GET /api/saved-searches/{id}": OWN_SAVED_SEARCH,
  "GET /api/saved-searches/{id}/adverts": OWN_SAVED_SEARCH,
  "PUT /api/saved-searches/{id}": OWN_SAVED_SEARCH,
  "DELETE /api/saved-searches/{id}": OWN_SAVED_SEARCH,
  "GET /api/email-delivery": ADMIN_ONLY,
  "GET /api/conversations": SIGNED_IN,
  "GET /api/conversations/unread-count": SIGNED_IN,
  // The owner asking about their own laptop is a 409, not a refusal of the operation.
  "POST /api/conversations": row(401, "ok", "ok", "ok", "ok", 403),
  // One nobody reported: not even admins read it (ON_OTHER_TARGETS: one that was reported).
  "GET /api/conversations/{id}": OWN_CONVERSATION,
  "POST /api/conversations/{id}/messages": OWN_CONVERSATION,
  "POST /api/conversations/{id}/block": OWN_CONVERSATION,
  "DELETE /api/conversations/{id}/block": OWN_CONVERSATION,
  "POST /api/conversations/{id}/report": OWN_CONVERSATION,
  "GET /api/reported-conversations": ADMIN_ONLY,
  "POST /api/reported-conversations/{id}/dismissal": ADMIN_ONLY,
  "POST /api/email-delivery/{id}/send-again": ADMIN_ONLY,
  "GET /api/sellers/{id}/reviews": PUBLIC,
  // The buyer's own order (not received yet: 409); nobody else may review it.
  "POST /api/orders/{id}/review": row(401, "ok", 403, 403, 403, 403),
  // The buyer wrote the review: only they edit it; only the owner (its seller) answers it.
  "PUT /api/reviews/{id}": row(401, "ok", 403, 403, 403, 403),
  "POST /api/reviews/{id}/answer": row(401, 403, "ok", 403, 403, 403),
  "POST /api/reviews/{id}/reports": SIGNED_IN,
  "GET /api/review-reports": ADMIN_ONLY,
  "POST /api/reviews/{id}/report-dismissal": ADMIN_ONLY,
  "POST /api/reviews/{id}/removal": ADMIN_ONLY,
  "GET /api/favourites": CAN_BUY,
  "PUT /api/favourites/{advertId}": SAVE_NOT_OWN,
  "DELETE /api/favourites/{advertId}": OWN_FAVOURITE,
};

/**
 * Operations asked again of another target, where the policy differs: "<operation> on <target>" (fresh()
 * gives the target). The conversation above is one nobody reported: admins read it only once reported.
 */
const ON_OTHER_TARGETS: Record<string, ReturnType<typeof row>> = {
  "GET /api/conversations/{id} on a reported conversation": REPORTED_CONVERSATION,
  // Reading it is all a report lets admins do: they never write in it.
  "POST /api/conversations/{id}/messages on a reported conversation": OWN_CONVERSATION,
};

const LOTS = { limit: 1000, windowMs: 60_000 };
// Every blocking and reporting call gets a conversation of its own: more than a buyer may start in an hour.
const t = testAppForTests({}, { messageLimits: { messages: LOTS, conversations: LOTS } });
let as: Record<Actor, Client>;
const ids: Record<string, string> = {};
let photo: Buffer;
let buyerUser: Awaited<ReturnType<typeof createUser>>;
let ownerUser: Awaited<ReturnType<typeof createUser>>;

/** An order of the buyer's on the owner's laptop, paid, handed over, and with a problem reported. */
async function disputedOrder() {
  const advert = await ownersLaptop("Disputed");
  const { id } = await t.services.orders.book(buyerUser, {
    advertId: advert.id,
    meetingLocation: "Z",
    phone: "0171234567",
  });
  await t.services.orders.payWithTestCard(buyerUser, id);
  await t.services.orders.handOver(ownerUser, id);
  const dispute = await t.services.disputes.report(buyerUser, id, {
    reason: "other",
    description: "Matrix",
    photos: [],
  });
  return { orderId: id, disputeId: dispute.id };
}

/** A laptop of the owner's, of the matrix's brand ($1 unless said). */
/** A proof photo of a fresh laptop of the owner's, stored as a seller's is, waiting for an admin. */
async function pendingProof(): Promise<string> {
  const advert = await ownersLaptop("Proved");
  const photo = await storePrivatePhoto(t.runtime.media, await pngBytes(), "proofPhoto");
  const [band0, band1, band2, band3] = hashBands(photo.hash);
  const [proof] = await t.db
    .insert(advertProofs)
    .values({
      advertId: advert.id,
      sellerId: ids.ownerId as string,
      code: "ACDEFG",
      photoKey: photo.key,
      hash: photo.hash,
      band0,
      band1,
      band2,
      band3,
    })
    .returning({ id: advertProofs.id });
  return proof?.id as string;
}

const ownersLaptop = (name: string, more: Partial<Parameters<typeof createAdvert>[1]> = {}) =>
  createAdvert(t, {
    sellerId: ids.ownerId as string,
    brandId: ids.brand as string,
    name,
    resalePriceCents: 100,
    ...more,
  });

beforeAll(async () => {
  photo = await pngBytes();
  const brand = await createBrand(t, "Matrix");
  ids.brand = brand.id;
  const owner = await createUser(t, { name: "Owner", email: "owner@x.test", role: "seller" });
  ownerUser = owner;
  await createUser(t, { name: "As User", email: "asuser@x.test", role: "seller" });
  await createUser(t, { name: "Other", email: "other@x.test", role: "seller" });
  buyerUser = await createUser(t, { name: "Buyer", email: "buyer@x.test" });
  const buyer = buyerUser;
  ids.buyerId = buyer.id;
  await createUser(t, { name: "Admin", email: "admin@x.test", role: "admin" });
  ids.ownerId = owner.id;
  ids.advert = (await ownersLaptop("Matrix laptop", { resalePriceCents: 10_000 })).id;
  ids.favourite = (await ownersLaptop("Matrix favourite", { resalePriceCents: 10_000 })).id;
  // A laptop the buyer received and reviewed.
  const received = await ownersLaptop("Received laptop", { resalePriceCents: 20_000 });
  const sale = await createCompletedOrder(t, buyer, received.id);
  ids.review = (await t.services.reviews.write(buyer, sale.id, { rating: 4, body: "Works as described." })).id;
  as = await signedInClients(t, {
    buyer: "buyer@x.test",
    owner: "owner@x.test",
    ownerAsUser: "asuser@x.test",
    otherSeller: "other@x.test",
    admin: "admin@x.test",
  });
  await as.ownerAsUser.raw("PUT", "/api/me/acting-mode", { mode: "user" });
  // The buyer's order on the owner's laptop.
  ids.order = (
    await as.buyer.post("/api/orders", { advertId: ids.advert, meetingLocation: "X", phone: "0171234567" })
  ).json().id;
  await as.buyer.post("/api/reports", { advertId: ids.advert, reason: "Other" });
  ids.conversation = (await t.services.conversations.start(buyerUser, { advertId: ids.advert, body: "Matrix?" })).id;
  // Another conversation between them, which the buyer reported.
  const talkedAbout = await ownersLaptop("Reported talk", { resalePriceCents: 10_000 });
  ids.reportedConversation = (
    await t.services.conversations.start(buyerUser, { advertId: talkedAbout.id, body: "Matrix, reported?" })
  ).id;
  await t.services.conversations.report(buyerUser, ids.reportedConversation, "Other");
  // The booking told the owner: a notification of theirs, and its email.
  const [told] = (await t.services.notifications.list(owner)).items;
  ids.notification = told?.id as string;
  const {
    emails: [email],
  } = await t.services.notifications.recentEmails({ ...owner, role: "admin" });
  ids.email = email?.id as string;
  ids.disputedOrder = (await disputedOrder()).orderId;
  // Asking for one's data queues its job: the owner's, prepared, is the download's target.
  await t.services.jobs.start();
  ids.dataExport = (await t.services.privacy.requestExport(ownerUser)).id;
  await t.services.privacy.prepareExportsNow();
});

/** Fresh targets for destructive operations, so each call meets the same situation. */
async function fresh(op: string): Promise<Record<string, string>> {
  if (op === "DELETE /api/brands/{id}" || op === "PUT /api/brands/{id}")
    return { id: (await createBrand(t, `B${Math.random()}`)).id };
  if (op === "DELETE /api/stolen-serials/{id}") {
    const [stolen] = await t.db
      .insert(stolenSerials)
      .values({ serialHash: `matrix-${Math.random()}`, reason: "Matrix", reportedBy: ids.ownerId as string })
      .returning();
    return { id: stolen?.id as string };
  }
  if (op.startsWith("POST /api/proof-photos/{id}") || op.startsWith("GET /api/proof-photos/{id}")) {
    return { id: await pendingProof() };
  }
  if (op === "DELETE /api/users/{id}")
    return { id: (await createUser(t, { name: "T", email: `t${Math.random()}@x.test` })).id };
  if (op.startsWith("DELETE /api/adverts") || op === "POST /api/adverts/{id}/removal") {
    return {
      id: (await ownersLaptop("Doomed")).id,
    };
  }
  if (op === "POST /api/adverts/{id}/approval" || op === "POST /api/adverts/{id}/rejection") {
    const held = await ownersLaptop("Held", {
      status: "pending_review",
      reviewSignals: [{ kind: "shared_mobile", detail: "Matrix" }],
    });
    return { id: held.id };
  }
  if (op === "POST /api/notifications/{id}/read") return { id: ids.notification as string };
  if (op === "DELETE /api/me/sessions/{id}") {
    // Another device of the owner's each time: one signed out is gone.
    const id = crypto.randomUUID().replaceAll("-", "");
    await t.db.insert(sessions).values({
      id,
      token: `matrix-${id}`,
      userId: ids.ownerId as string,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return { id };
  }
  // A passkey of the owner's each time: one removed is gone.
  if (op.includes("/api/me/passkeys/{id}")) return { id: await insertPasskey(t, ids.ownerId as string) };
  if (op.includes("/saved-searches/{id}")) {
    const owner = { id: ids.ownerId as string, role: "seller" as const, actingAsSeller: true } as never;
    // A search of its own each time: the same one twice is refused.
    const q = `matrix ${crypto.randomUUID().slice(0, 8)}`;
    return { id: (await t.services.savedSearches.create(owner, { q, sort: "newest" })).id };
  }
  // A block stands between two people in every conversation: each call starts unblocked.
  if (op.includes("conversations")) await t.db.delete(conversationBlocks);
  if (op.includes("/conversations/{id}/block") || op === "POST /api/conversations/{id}/report") {
    const advert = await ownersLaptop("Talked about");
    return { id: (await t.services.conversations.start(buyerUser, { advertId: advert.id, body: "Hi" })).id };
  }
  if (op.endsWith(" on a reported conversation")) return { id: ids.reportedConversation as string };
  if (op.includes("conversations/{id}")) return { id: ids.conversation as string };
  if (op === "DELETE /api/favourites/{advertId}") {
    // Saved by the buyer alone, again before each call.
    await t.services.favourites.save({ id: ids.buyerId as string, role: "user" }, ids.favourite as string);
    return { advertId: ids.favourite as string };
  }
  if (op === "POST /api/email-delivery/{id}/send-again") return { id: ids.email as string };
  if (op === "GET /api/account/export/{id}/download") return { id: ids.dataExport as string };
  if (op === "POST /api/orders/{id}/decline") {
    // A booking of its own each time: a declined one cannot be declined again.
    const advert = await ownersLaptop("Declined");
    return {
      id: (await t.services.orders.book(buyerUser, { advertId: advert.id, meetingLocation: "Z", phone: "0171234567" }))
        .id,
    };
  }
  if (op === "POST /api/orders/{id}/ship") {
    // A paid order to be shipped of its own each time: a shipped one cannot be shipped again.
    const advert = await ownersLaptop("Shipped", { shippingCents: 500 });
    const shippingAddress = { name: "B", line1: "1 Road", city: "Dhaka", postcode: "1212", country: "Bangladesh" };
    const order = await t.services.orders.book(buyerUser, {
      advertId: advert.id,
      delivery: "ship",
      shippingAddress,
      phone: "0171234567",
    });
    await t.services.orders.payWithTestCard(buyerUser, order.id);
    return { id: order.id };
  }
  if (op.includes("/api/reviews/{id}")) return { id: ids.review as string };
  // A decision is final: each call decides a dispute of its own.
  if (op === "POST /api/disputes/{id}/decision") return { id: (await disputedOrder()).disputeId };
  if (op === "GET /api/orders/{id}/dispute" || op === "POST /api/orders/{id}/dispute/messages") {
    return { id: ids.disputedOrder as string };
  }
  const onOrder = op.startsWith("POST /api/orders/{id}") || op === "GET /api/orders/{id}";
  return {
    id: onOrder
      ? (ids.order as string)
      : op.includes("/sellers/{id}") || op.includes("/people/{id}")
        ? (ids.ownerId as string)
        : op.includes("/users/{id}")
          ? (ids.ownerId as string)
          : op.includes("/brands/")
            ? (ids.brand as string)
            : (ids.advert as string),
    email: "owner@x.test",
    advertId: ids.advert as string,
    intentId: "pi_missing",
    providerId: "google",
  };
}

/** Operations whose query string is required. */
const QUERIES: Record<string, string> = {
  "GET /api/price-guidance": "?performanceTier=2&processorYear=2018&ramGb=8&storageGb=256&condition=good&yearsOfUse=3",
  "GET /api/worth": "?processor=i5-8250U&ramGb=8&storageGb=256&condition=good&yearsOfUse=3",
};

function body(op: string): { payload?: unknown; headers?: Record<string, string> } {
  const advertFields = {
    name: "N",
    brandId: ids.brand as string,
    originalPrice: "500",
    resalePrice: "400",
    yearsOfUse: "1",
    location: "L",
    mobile: "01712345678",
    description: "D",
    condition: "good",
  };
  if (op === "POST /api/brands" || op === "PUT /api/brands/{id}") {
    const m = multipart({ name: `Brand ${Math.random()}` }, { image: { name: "i.png", data: photo } });
    return { payload: m.payload, headers: m.headers };
  }
  if (op === "POST /api/orders/{id}/dispute") {
    const m = multipart({ reason: "other", description: "Matrix" }, { photos: { name: "p.png", data: photo } });
    return { payload: m.payload, headers: m.headers };
  }
  if (op === "POST /api/orders/{id}/dispute/messages") {
    const m = multipart({ body: "Matrix" }, { photos: { name: "p.png", data: photo } });
    return { payload: m.payload, headers: m.headers };
  }
  if (op === "POST /api/adverts" || op === "PUT /api/adverts/{id}") {
    const m = multipart(advertFields, { photos: { name: "p.png", data: photo } });
    return { payload: m.payload, headers: m.headers };
  }
  const json: Record<string, unknown> = {
    "PUT /api/adverts/{id}/advertisement": { advertised: true },
    "POST /api/orders": { advertId: ids.advert, meetingLocation: "Y", phone: "0171234567" },
    "POST /api/orders/{id}/pay": {
      cardNumber: "4242424242424242",
      expiry: "12 / 34",
      cvc: "123",
      attemptKey: "matrix-key",
    },
    "PUT /api/sellers/{id}/verification": { verified: true },
    "PUT /api/me/acting-mode": { mode: "seller" },
    "POST /api/me/delete": { password: "not-the-matrix-password" },
    "POST /api/me/email": { email: "matrix-new@x.test", password: "not-the-matrix-password" },
    "POST /api/me/password": { newPassword: "Matrix!pw1" },
    "POST /api/me/google/unlink": { password: "not-the-matrix-password" },
    "PUT /api/me/passkeys/{id}": { name: "Matrix passkey" },
    // Shaped as a browser's answers, from no authenticator: a signed-in person's is refused (400) after the session check.
    "POST /api/auth/passkey/verify-registration": {
      response: {
        id: "bWF0cml4",
        rawId: "bWF0cml4",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "oA" },
      },
      name: "Matrix passkey",
    },
    "POST /api/auth/passkey/verify-authentication": { response: { id: "matrix" } },
    "POST /api/auth/two-factor/enable": { password: "not-the-matrix-password" },
    "POST /api/auth/two-factor/disable": { password: "not-the-matrix-password" },
    "POST /api/auth/two-factor/generate-backup-codes": { password: "not-the-matrix-password" },
    "POST /api/email-change/confirm": { token: "not-a-matrix-token" },
    "POST /api/reports": { advertId: ids.advert, reason: "Other" },
    "POST /api/adverts/{id}/removal": { reason: "Matrix" },
    "POST /api/adverts/{id}/rejection": { reason: "Matrix" },
    "POST /api/stolen-serials": { serialNumber: "MATRIX0001", reason: "Matrix" },
    "POST /api/proof-photos/{id}/decision": { decision: "approve" },
    "PUT /api/me/email-preferences": { kind: "order.booked", email: true },
    "POST /api/saved-searches": { q: "matrix", maxPrice: 500 },
    "PUT /api/saved-searches/{id}": { alerts: "daily" },
    "POST /api/orders/{id}/review": { rating: 5, body: "A matrix review." },
    "PUT /api/reviews/{id}": { rating: 3, body: "A matrix review, edited." },
    "POST /api/reviews/{id}/answer": { answer: "Thank you." },
    "POST /api/reviews/{id}/removal": { reason: "Matrix" },
    "POST /api/conversations": { advertId: ids.advert, body: "Matrix" },
    "POST /api/conversations/{id}/messages": { body: "Matrix" },
    "POST /api/conversations/{id}/report": { reason: "Other" },
    "POST /api/orders/{id}/decline": { reason: "Matrix" },
    "POST /api/orders/{id}/ship": { carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
    "POST /api/disputes/{id}/decision": { decision: "release", reason: "Matrix" },
    "POST /api/payouts/account": { holder: "Matrix Seller", accountNumber: "000123456789" },
  };
  return op in json
    ? { payload: json[op] }
    : { payload: op.startsWith("GET") || op.startsWith("DELETE") ? undefined : {} };
}

it("every API operation allows and refuses exactly whom the policy says", async () => {
  const doc = (await as.anonymous.get("/api/openapi.json")).json();
  const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
  expect(
    ops.filter((op) => !(op in POLICY)),
    "operations without a policy line",
  ).toEqual([]);

  const holes: string[] = [];
  for (const op of [...ops, ...Object.keys(ON_OTHER_TARGETS)]) {
    const policy = POLICY[op] ?? ON_OTHER_TARGETS[op];
    if (!policy || policy === "identity") continue;
    const [method, template] = op.split(" ") as ["GET" | "POST" | "PUT" | "DELETE", string];
    const operation = `${method} ${template}`;
    for (const actor of ACTORS) {
      const params = await fresh(op);
      const url =
        template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? "x")) +
        (QUERIES[operation] ?? "");
      const { payload, headers } = body(operation);
      const res = STREAMS.has(operation)
        ? await as[actor].open(url)
        : await as[actor].raw(method, url, payload, headers);
      const expected = policy[actor];
      const ok =
        expected === "ok"
          ? res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === expected;
      if (!ok) holes.push(`${op} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      // Switching modes is one of the operations: the owner acting as a buyer goes back to being one.
      if (op === "PUT /api/me/acting-mode" && actor === "ownerAsUser") {
        await as.ownerAsUser.raw("PUT", "/api/me/acting-mode", { mode: "user" });
      }
    }
  }
  expect(holes).toEqual([]);
}, 120_000);
