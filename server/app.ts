import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { fastify } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "#app-context";
import { BRANDS_CHANNEL } from "../core/catalogue/index.ts";
import { AppError } from "../core/errors.ts";
import { MEDIA_URL_PREFIX } from "../core/media/index.ts";
import type { StripeProvider } from "../core/payments/index.ts";
import { UNAVAILABLE_MESSAGE } from "../schemas/messages.ts";
import { findNul, NUL_MESSAGE } from "../schemas/text-safety.ts";
import { accountRecoveryApi } from "./api/account-recovery.ts";
import { accountsApi } from "./api/accounts.ts";
import { advertsApi } from "./api/adverts.ts";
import { brandsApi } from "./api/brands.ts";
import { catalogueApi } from "./api/catalogue.ts";
import { conversationsApi } from "./api/conversations.ts";
import { dataExportApi } from "./api/data-export.ts";
import { disputesApi } from "./api/disputes.ts";
import { favouritesApi } from "./api/favourites.ts";
import { moderationApi } from "./api/moderation.ts";
import { notificationsApi } from "./api/notifications.ts";
import { ordersApi } from "./api/orders.ts";
import { payoutsApi } from "./api/payouts.ts";
import { peopleApi } from "./api/people.ts";
import { priceGuidanceApi } from "./api/price-guidance.ts";
import { reviewsApi } from "./api/reviews.ts";
import { savedSearchesApi } from "./api/saved-searches.ts";
import { stripeWebhook } from "./api/stripe-webhook.ts";
import { twoFactorApi } from "./api/two-factor.ts";
import type { Config } from "./config.ts";
import type { DevPages } from "./dev-pages.ts";
import { cacheBroadcast } from "./http/cache-broadcast.ts";
import { cacheHeaders } from "./http/cache-headers.ts";
import { registerErrorHandling } from "./http/errors.ts";
import { hostCheck } from "./http/host-check.ts";
import { sendLocalAddressesToLocalhost } from "./http/local-address.ts";
import { limitJsonDepth, methodCheck, pagePathCheck } from "./http/malformed.ts";
import { registerMetrics } from "./http/metrics-route.ts";
import { originCheck } from "./http/origin-check.ts";
import { readPageBody } from "./http/page-bodies.ts";
import { servicesForPages } from "./http/page-services.ts";
import { permissionsPolicy } from "./http/privacy-headers.ts";
import { keepFromOthers, notFor, registerPublicCache, renderedForEveryone } from "./http/public-cache.ts";
import { servedInLine } from "./http/request-line.ts";
import { newScriptNonce, scriptNonceOf } from "./http/script-nonce.ts";
import { keepRefreshedCookies, sendRefreshedCookies } from "./http/session-cookies.ts";
import { signedInVariant } from "./http/signed-in-variant.ts";
import { registerSitemap } from "./http/sitemap.ts";
import { readRenderedBodiesWhole } from "./http/whole-bodies.ts";
import { countRequestsInHand } from "./requests-in-hand.ts";
import type { Runtime, Services } from "./services.ts";

export interface AppOptions {
  config: Config;
  services: Services;
  /** The database, the metrics and the requests in hand the domains were built on (server/services.ts). */
  runtime: Runtime;
  /**
   * Serve the React Router pages: from build/ (true), from a given build (tests compile one), from Vite's dev
   * server (`npm run dev`, server/dev-pages.ts), or not (false).
   */
  pages?: boolean | ServerBuild | DevPages;
  /** Where logs go (stdout by default; tests capture them). */
  logStream?: NodeJS.WritableStream;
  /** Set `draining`, `leaving`, then `closing`, when the process is going away (server/serve.ts on SIGTERM). */
  lifecycle?: Lifecycle;
  /** How often a live stream says it is open and reads its session again (25 s; tests wait less). */
  heartbeatMs?: number;
}

/** Responses compressed in one call rather than streamed through the compressor (see compress below). */
const SYNC_COMPRESS_BYTES = 256 * 1024;

/**
 * A process being drained still serves, but /healthz answers 503 so a balancer that watches it stops
 * sending. Leaving (server/graceful-close.ts), it answers reads 503 with `Connection: close` so that nginx,
 * which does not watch health, retries them elsewhere and stops choosing it. Once closing it accepts no
 * connection, and every answer says `Connection: close`, so each open connection ends after its next request.
 */
export interface Lifecycle {
  draining: boolean;
  leaving?: boolean;
  closing?: boolean;
}

/** The requests a balancer may send to another process after this one answered 503. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function buildApp({
  config,
  services,
  runtime,
  pages = true,
  logStream,
  lifecycle = { draining: false },
  heartbeatMs,
}: AppOptions) {
  const dev = typeof pages === "object" && "vite" in pages ? pages : undefined;
  const app = fastify({
    ...(dev && { serverFactory: dev.serverFactory }),
    // A hop count trusts the nearest n addresses, whoever sent them (Fastify's own number form trusts
    // none): right only when the app can be reached through its proxies alone. A list checks each one.
    trustProxy:
      typeof config.trustProxy === "number"
        ? (
            (hops: number) => (_address: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Closing after the drain (server/graceful-close.ts), a request already on an open connection is
    // served, not answered 503: it reached this process before the balancer stopped choosing it, and a
    // POST answered 503 is not retried elsewhere. Every answer then says `Connection: close`, so these end.
    return503OnClosing: false,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    logger: {
      level: config.logLevel,
      // Never log credentials: cookies, auth headers, or request bodies (Fastify does not log bodies).
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      ...(logStream && { stream: logStream }),
    },
  }).withTypeProvider<ZodTypeProvider>();

  countRequestsInHand(app, runtime.requestsInHand);
  // Pages and API operations served in line (server/http/request-line.ts); images, assets and /healthz never wait.
  const inLine = runtime.requestLine && servedInLine(runtime.requestLine);
  app.addHook("onRequest", methodCheck);
  // Stepping out of a balancer before closing (server/graceful-close.ts): reads go elsewhere, writes are served.
  app.addHook("onRequest", (request, reply, done) => {
    if (!lifecycle.leaving || lifecycle.closing || !READS.has(request.method)) return done();
    reply
      .status(503)
      .header("retry-after", "1")
      .header("connection", "close")
      .send({ code: "UNAVAILABLE", message: UNAVAILABLE_MESSAGE });
  });
  app.addHook("preParsing", limitJsonDepth);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", sendRefreshedCookies);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (lifecycle.closing) reply.header("connection", "close");
  });

  const formTargets = config.google ? [new URL(config.google.discoveryUrl).origin] : [];
  // Stripe Elements loads from Stripe and talks to it directly (only when Stripe is the provider).
  const stripe = config.payments.kind === "stripe";
  // A fresh nonce per response for the page's inline scripts. Styles stay 'unsafe-inline'
  // (a nonce there would block the style attributes React and the toasts set).
  const permissions = permissionsPolicy(stripe);
  const mediaOrigin = config.media.kind === "s3" && config.media.publicUrl && new URL(config.media.publicUrl).origin;
  app.addHook("onRequest", async (_request, reply) => {
    newScriptNonce(reply);
    reply.header("permissions-policy", permissions);
  });
  app.addHook("onSend", cacheHeaders(config.publicCacheMs));
  // Helmet's middleware, built once: @fastify/helmet built it again for every request (5 % of a small API
  // answer's CPU). The nonce directive is a function, read as each response's header is written.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${scriptNonceOf(res as ServerResponse)}'`,
          ...(stripe ? ["https://js.stripe.com"] : []),
        ],
        frameSrc: stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images straight from a CDN or the bucket when MEDIA_PUBLIC_URL says so.
        imgSrc: ["'self'", "data:", "blob:", ...(mediaOrigin ? [mediaOrigin] : [])],
        // In development, Vite's HMR client talks to its websocket on this port.
        connectSrc: ["'self'", ...(stripe ? ["https://api.stripe.com"] : []), ...(dev ? [hmrSocket(config)] : [])],
        // The Google button posts to us and is redirected to Google's sign-in page.
        formAction: ["'self'", ...formTargets],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith("https://") ? [] : null,
      },
    },
    // Images are served from /media to this site only.
    crossOriginResourcePolicy: { policy: "same-origin" },
    // "no-referrer" would make browsers send `Origin: null` on form posts, which the CSRF check refuses.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook("onRequest", hostCheck);
  if (!config.publicUrlSet) app.addHook("onRequest", sendLocalAddressesToLocalhost(config.publicUrl, config.port));
  // Before compression: the cache keeps pages as rendered, and each response is compressed for its client.
  await registerPublicCache(app, {
    ttlMs: config.publicCacheMs,
    maxBytes: config.publicCacheBytes,
    broadcast: cacheBroadcast(runtime.database.broadcast),
    onLookup: (hit) => runtime.metrics.cache.inc({ result: hit ? "hit" : "miss" }),
    onEmpty: services.catalogue.changed,
    signedInVariant: signedInVariant(services),
  });
  // A brand changed on any process: this one recognises its name in typed searches at once.
  const stopHearingBrands = await runtime.database.broadcast.on(BRANDS_CHANNEL, services.catalogue.forgetBrands);
  app.addHook("onClose", async () => stopHearingBrands());
  registerMetrics(app, runtime.metrics, config.metricsToken);
  readRenderedBodiesWhole(app);
  // Up to a quarter of a megabyte in one synchronous call (~1 ms for a 84 KB catalogue page at brotli's
  // quality 4): the plugin's default on two cores (8 KB) streams larger bodies through libuv's thread pool,
  // which here cost 7–14 ms of CPU more per page than the compression itself (server/http/whole-bodies.ts).
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: SYNC_COMPRESS_BYTES });
  app.addHook("onRequest", originCheck(config.publicUrl));
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "ReLaptop API",
        version: "1.0.0",
        description:
          "Every error answers with the ApiError shape. Signed-in operations use the session cookie set by /api/auth/sign-in/email.",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "relaptop.session_token" } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      if (inLine) {
        api.addHook("preHandler", inLine.preHandler);
        api.addHook("onSend", inLine.onSend);
      }
      api.addHook("preValidation", async (request) => {
        const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
        if (field) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields.", { [field]: NUL_MESSAGE });
      });
      await api.register(accountsApi, { services });
      await api.register(accountRecoveryApi, { services });
      await api.register(dataExportApi, { services });
      await api.register(twoFactorApi, { services });
      await api.register(catalogueApi, { services });
      await api.register(brandsApi, { services });
      await api.register(advertsApi, { services });
      await api.register(ordersApi, { services });
      await api.register(disputesApi, { services });
      await api.register(payoutsApi, { services, publicUrl: config.publicUrl });
      await api.register(peopleApi, { services });
      await api.register(moderationApi, { services });
      await api.register(notificationsApi, { services, heartbeatMs });
      await api.register(savedSearchesApi, { services });
      await api.register(reviewsApi, { services });
      await api.register(conversationsApi, { services });
      await api.register(favouritesApi, { services });
      await api.register(priceGuidanceApi, { services });
      const provider = services.payments;
      if (provider.name === "stripe")
        await api.register(stripeWebhook, { services, stripe: provider as StripeProvider });
      // A route, not only a not-found handler: the pages' catch-all would otherwise answer /api/… with HTML.
      api.all("/*", { schema: { hide: true } }, (request, reply) =>
        reply.status(404).send({ code: "NOT_FOUND", message: `No API operation at ${request.method} ${request.url}` }),
      );
    },
    { prefix: "/api" },
  );

  registerSitemap(app, runtime.db, config.publicUrl);

  app.get("/healthz", { schema: { hide: true } }, async (_request, reply) => {
    if (lifecycle.draining) return reply.status(503).send({ status: "draining", database: runtime.database.kind });
    const ok = await runtime.database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", database: runtime.database.kind });
  });

  app.get(`${MEDIA_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const bytes = await services.media.get(key);
    if (!bytes) return reply.status(404).send({ code: "NOT_FOUND", message: "No such image." });
    const type = key.endsWith(".png") ? "image/png" : key.endsWith(".jpeg") ? "image/jpeg" : "image/webp";
    // Keys are content hashes: a replaced image gets a new key.
    return reply
      .header("content-type", type)
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(bytes);
  });

  if (pages) {
    const source = dev
      ? // Vite's, read again on each request: an edited route module is used at once.
        { devServer: dev.vite }
      : // Import the server build once: handed a loader, React Router would resolve it on every request.
        {
          build:
            pages === true
              ? ((await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild)
              : (pages as ServerBuild),
        };
    if (dev) app.addHook("onClose", () => dev.vite.close());
    const pageServices = servicesForPages(services);
    await app.register(fastifyReactRouter, {
      ...source,
      // Page forms are read here, within limits, before React Router parses them.
      routeOptions: {
        schema: { hide: true },
        onRequest: pagePathCheck,
        preValidation: readPageBody(services),
        ...(inLine && { preHandler: inLine.preHandler, onSend: inLine.onSend }),
      },
      getLoadContext(request, reply) {
        const context = new RouterContextProvider();
        context.set(appContext, {
          services: pageServices,
          nonce: scriptNonceOf(reply),
          ip: request.ip,
          googleEnabled: Boolean(config.google),
          publicUrl: config.publicUrl,
          authSecret: config.authSecret,
          secureCookies: config.publicUrl.startsWith("https://"),
          documentRequest:
            String(request.headers.accept ?? "").includes("text/html") &&
            !(request.url.split("?")[0] ?? "").endsWith(".data"),
          onSessionCookies: keepRefreshedCookies(request),
          forEveryone: renderedForEveryone(request),
          keepFromOthers: () => keepFromOthers(request),
          notFor: (personId: string) => notFor(request, personId),
        });
        return context;
      },
    });
  }
  return app;
}

/** Vite's HMR websocket, on this server's own port: the address PUBLIC_URL names, as ws:// or wss://. */
function hmrSocket(config: Config) {
  const url = new URL(config.publicUrl);
  return `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
