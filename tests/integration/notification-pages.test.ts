import { describe, expect, it } from "vitest";
import { notify } from "../../core/notifications/index.ts";
import type { Role } from "../../schemas/values.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { signedInPerson } from "../support/people.ts";

/** The notification pages as a browser without JavaScript uses them: links and plain form posts. */
const t = pageAppForTests();
const form = { "content-type": "application/x-www-form-urlencoded" };

const person = (role: Role = "seller") => signedInPerson(t, role);
const tell = (userId: string, times: number) =>
  t.db.transaction(async (tx) => {
    for (let i = 0; i < times; i++) await notify(tx, "account.sellerVerified", { recipientId: userId, params: {} });
  });

describe("/dashboard/notifications", () => {
  it("lists my notifications in pages, marks them all read by a form post, and the bell says how many", async () => {
    const me = await person();
    await tell(me.user.id, 25);
    const first = await me.http.get("/dashboard/notifications");
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('aria-label="Notifications, 25 unread"');
    expect(first.body.match(/>Unread</g)).toHaveLength(20);
    const older = /href="\/dashboard\/notifications\?cursor=([^"]+)"/.exec(first.body)?.[1];
    expect(older).toBeTruthy();
    const second = await me.http.get(`/dashboard/notifications?cursor=${older}`);
    expect(second.body.match(/>Unread</g)).toHaveLength(5);
    expect((await me.http.get("/dashboard/notifications?cursor=forged")).statusCode).toBe(404);

    const marked = await me.http.raw("POST", "/dashboard/notifications", "", form);
    expect(marked.statusCode).toBe(200);
    expect(await t.services.notifications.unreadCount(me.user)).toBe(0);
    const after = await me.http.get("/dashboard/notifications");
    expect(after.body).toContain('aria-label="Notifications"');
    expect(after.body).not.toContain(">Unread<");
  });

  it("opens my notification by a form post (read, then its subject), never by a GET, and not someone else's", async () => {
    const me = await person();
    const other = await person();
    await tell(me.user.id, 1);
    const [mine] = (await t.services.notifications.list(me.user)).items;
    if (!mine) throw new Error("no notification");
    const url = `/dashboard/notifications/${mine.id}`;
    // The list offers each notice as a form that posts to it: no script needed.
    expect((await me.http.get("/dashboard/notifications")).body).toContain(`action="${url}"`);

    // A GET (a link followed, a prefetch, a crawler) goes to its subject and changes nothing.
    const followed = await me.http.get(url);
    expect([followed.statusCode, followed.headers.location]).toEqual([302, mine.link]);
    expect(await t.services.notifications.unreadCount(me.user)).toBe(1);

    expect((await other.http.get(url)).statusCode).toBe(404);
    expect((await other.http.raw("POST", url, "", form)).statusCode).toBe(404);
    expect(await t.services.notifications.unreadCount(me.user)).toBe(1);

    const opened = await me.http.raw("POST", url, "", form);
    expect([opened.statusCode, opened.headers.location]).toEqual([302, mine.link]);
    expect(await t.services.notifications.unreadCount(me.user)).toBe(0);
  });
});

describe("email choices and Email delivery", () => {
  it("saves the ticked kinds from /profile and turns the others off", async () => {
    const me = await person();
    const res = await me.http.raw("POST", "/profile", "intent=emails&email=order.paid&email=order.receipt", form);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toContain("Your email choices are saved.");
    const chosen = await t.services.notifications.emailPreferences(me.user);
    expect(chosen.filter((p) => p.email).map((p) => p.kind)).toEqual(["order.paid", "order.receipt"]);
  });

  it("is an admin's page", async () => {
    const admin = await person("admin");
    const seller = await person();
    const page = await admin.http.get("/dashboard/email-delivery");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Email delivery");
    const refused = await seller.http.get("/dashboard/email-delivery");
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe("/");
  });
});
