import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { escapeHtml } from "../../core/notifications/index.ts";
import { errorResponses } from "../http/errors.ts";
import type { Services } from "../services.ts";

const tokenQuery = z.object({ token: z.string().min(1, "The link is incomplete").max(400) });

/** A bare page in the product's colours (this endpoint must work without the app's pages and session). */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title} — ReLaptop</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937">
<h1>${title}</h1>
${body}
</body></html>`;

/**
 * One-click unsubscribe (RFC 8058), without signing in: the token in the email's link names the account
 * and the kind, signed with AUTH_SECRET. Mail clients POST `List-Unsubscribe=One-Click` to it; a person
 * who opens the link gets a page with one button that does the same. Opening the link changes nothing
 * by itself, because mail scanners open links too.
 */
export const notificationsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["notifications"];
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
<button type="submit" style="background:#422ad5;color:#fff;border:0;border-radius:8px;padding:.75rem 1.25rem;font-weight:600">Unsubscribe</button></form>`,
        ),
      );
  });
};
