import { and, asc, count, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { adverts, brands } from "../../db/schema/index.ts";
import type { Services } from "../services.ts";

/** The sitemaps protocol allows 50,000 URLs a file; a million laptops need an index of files. */
const PER_FILE = 50_000;
const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function registerSitemap(app: FastifyInstance, services: Services, publicUrl: string) {
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  const hide = { schema: { hide: true } };

  app.get("/robots.txt", hide, async (_req, reply) =>
    reply
      .type("text/plain")
      .send(`User-agent: *\nDisallow: /dashboard\nDisallow: /api/\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );

  app.get("/sitemap.xml", hide, async (_req, reply) => {
    const [row] = await runtime.db.select({ n: count() }).from(adverts).where(eq(adverts.status, "available"));
    const files = Math.max(1, Math.ceil(Number(row?.n ?? 0) / PER_FILE));
    const entries = ["brands", ...Array.from({ length: files }, (_, i) => `laptops-${i + 1}`)]
      .map((name) => `<sitemap><loc>${publicUrl}/sitemaps/${name}.xml</loc></sitemap>`)
      .join("");
    return reply
      .type("application/xml")
      .send(xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`));
  });

  app.get("/sitemaps/brands.xml", hide, async (_req, reply) => {
    const rows = await runtime.db.select({ id: brands.id }).from(brands).orderBy(asc(brands.name)).limit(PER_FILE);
    const urls = rows.map((b) => `<url><loc>${publicUrl}/category/${b.id}</loc></url>`).join("");
    return reply
      .type("application/xml")
      .send(
        xml(
          `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${publicUrl}/</loc></url>${urls}</urlset>`,
        ),
      );
  });

  app.get<{ Params: { n: string } }>("/sitemaps/laptops-:n.xml", hide, async (request, reply) => {
    const n = Number(request.params.n);
    if (!Number.isInteger(n) || n < 1)
      return reply.status(404).send({ code: "NOT_FOUND", message: "No such sitemap." });
    // Files split the available adverts by id order: file n starts after the last id of file n-1.
    let after: string | undefined;
    if (n > 1) {
      const [edge] = await runtime.db
        .select({ id: adverts.id })
        .from(adverts)
        .where(eq(adverts.status, "available"))
        .orderBy(asc(adverts.id))
        .offset((n - 1) * PER_FILE - 1)
        .limit(1);
      if (!edge) return reply.status(404).send({ code: "NOT_FOUND", message: "No such sitemap." });
      after = edge.id;
    }
    const rows = await runtime.db
      .select({ id: adverts.id, updatedAt: adverts.updatedAt })
      .from(adverts)
      .where(and(eq(adverts.status, "available"), after ? gt(adverts.id, after) : undefined))
      .orderBy(asc(adverts.id))
      .limit(PER_FILE);
    const urls = rows
      .map(
        (a) =>
          `<url><loc>${xmlEscape(`${publicUrl}/laptops/${a.id}`)}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod></url>`,
      )
      .join("");
    return reply
      .type("application/xml")
      .send(xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`));
  });
}
