import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SessionUser } from "../../core/accounts/index.ts";
import { escapeHtml } from "../../core/notifications/index.ts";
import {
  emailListQuery,
  emailListSchema,
  emailPreferencesSchema,
  notificationPageQuery,
  notificationPageSchema,
  sentAgainSchema,
  setEmailPreferenceSchema,
  unreadSchema,
} from "../../schemas/notifications.ts";
import { idParams } from "../../schemas/params.ts";
import { errorResponses } from "../http/errors.ts";
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";
import { notificationStream } from "./notification-stream.ts";

const tokenQuery = z.object({ token: z.string().min(1, "The link is incomplete").max(400) });

/**
 * A page in the product's look — its top bar's logo, colours and button — written out here, because this
 * endpoint must work without the app's pages and without a session (daisyUI's light theme: primary #422ad5).
 */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en" data-theme="light"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title} — ReLaptop</title></head>
<body style="margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#18181b;background:#fff;line-height:1.5">
<header style="border-bottom:1px solid #e5e7eb"><nav aria-label="Main" style="max-width:80rem;margin:0 auto;padding:1rem">
<a href="/" style="font-family:ui-rounded,'Segoe UI',system-ui,sans-serif;letter-spacing:-0.02em;font-size:1.5rem;font-weight:800;color:#422ad5;text-decoration:none">ReLaptop</a>
</nav></header>
<main style="max-width:32rem;margin:3rem auto;padding:0 1rem">
<h1 style="font-size:1.875rem;font-weight:700;margin:0 0 1rem">${title}</h1>
${body}
<p style="margin-top:2rem"><a href="/profile" style="color:#422ad5">Choose your emails in your profile</a> · <a href="/" style="color:#422ad5">ReLaptop home</a></p>
</main>
</body></html>`;

/**
 * One-click unsubscribe (RFC 8058), without signing in: the token in the email's link names the account
 * and the kind, signed with AUTH_SECRET. Mail clients POST `List-Unsubscribe=One-Click` to it; a person
 * who opens the link gets a page with one button that does the same. Opening the link changes nothing
 * by itself, because mail scanners open links too.
 */
export const notificationsApi: FastifyPluginAsyncZod<{ services: Services; heartbeatMs?: number }> = async (
  app,
  { services, heartbeatMs },
) => {
  const tags = ["notifications"];
  await app.register(notificationStream, { services, heartbeatMs });
  await app.register(myNotifications, { services });
  await app.register(emailDelivery, { services });
  // RFC 8058's body: `List-Unsubscribe=One-Click`, form-encoded. Only this plugin reads forms.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    "/notifications/unsubscribe",
    {
      schema: {
        tags,
        summary: "Stop one kind of email (the link in every email; no session needed)",
        querystring: tokenQuery,
        response: { 200: z.object({ kind: z.string(), label: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const done = await services.notifications.unsubscribe(request.query.token);
      // A person who pressed the page's button reads a page; a mail client reads JSON.
      if (!request.headers.accept?.includes("text/html")) return done;
      return reply
        .type("text/html; charset=utf-8")
        .serializer((html: string) => html) // HTML, not the JSON reply schema
        .send(
          page(
            "Unsubscribed",
            `<p>You will no longer get emails for: ${escapeHtml(done.label)}.</p><p>You will still see them in ReLaptop, and you can turn them back on in your profile.</p>`,
          ) as never,
        );
    },
  );

  app.get("/notifications/unsubscribe", { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(
        page(
          "Stop these emails?",
          `<p>You will still see these notifications in ReLaptop, and you can turn them back on in your profile.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#422ad5;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font-size:1rem;font-weight:600;cursor:pointer">Unsubscribe</button></form>`,
        ),
      );
  });
};

/** A person's own notifications: every operation acts on the session's account only. */
const myNotifications: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signedIn = signedInRoutes(app, services, ["notifications"]);
  const unread = async (user: SessionUser) => ({ unread: await services.notifications.unreadCount(user) });
  signedIn.get(
    "/notifications",
    {
      summary: "My notifications, newest first, in keyset pages (pass `next` as `cursor`)",
      querystring: notificationPageQuery,
      reply: notificationPageSchema,
    },
    (user, { query }) => services.notifications.list(user, query),
  );
  signedIn.get(
    "/notifications/unread-count",
    { summary: "How many of my notifications are unread", reply: unreadSchema },
    unread,
  );
  signedIn.post(
    "/notifications/read",
    { summary: "Mark all my notifications read", reply: unreadSchema },
    async (user) => {
      await services.notifications.markAllRead(user);
      return unread(user);
    },
  );
  signedIn.post(
    "/notifications/:id/read",
    {
      summary: "Mark one of my notifications read (someone else's is not found)",
      params: idParams,
      reply: unreadSchema,
    },
    async (user, { params }) => {
      await services.notifications.markRead(user, params.id);
      return unread(user);
    },
  );
  signedIn.get(
    "/me/email-preferences",
    { summary: "Which kinds of notification I get by email (in the app, always)", reply: emailPreferencesSchema },
    async (user) => ({ preferences: await services.notifications.emailPreferences(user) }),
  );
  signedIn.put(
    "/me/email-preferences",
    { summary: "Turn one kind of email on or off", body: setEmailPreferenceSchema, reply: emailPreferencesSchema },
    async (user, { body }) => {
      await services.notifications.setEmailPreference(user, body.kind, body.email);
      return { preferences: await services.notifications.emailPreferences(user) };
    },
  );
};

/** Email delivery (admins): what was sent, what waits, what failed and why; and "Send again". */
const emailDelivery: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const signedIn = signedInRoutes(app, services, ["email delivery"]);
  signedIn.get(
    "/email-delivery",
    {
      summary: "Recent emails with their status and last error, newest first in keyset pages (admins)",
      description:
        "Filtered by recipient (`to`, the whole address), kind and status; `next` is the following page's cursor.",
      area: "admin",
      querystring: emailListQuery,
      reply: emailListSchema,
    },
    async (admin, { query }) => services.notifications.recentEmails(admin, query),
  );
  signedIn.post(
    "/email-delivery/:id/send-again",
    {
      summary: "Queue a failed, kept or sent email again (admins)",
      area: "admin",
      params: idParams,
      reply: sentAgainSchema,
    },
    async (admin, { params }) => {
      await services.notifications.sendAgain(admin, params.id);
      return { status: "pending" as const };
    },
  );
};
