import type { FastifyReply, FastifyRequest } from "fastify";

/** Browser features no page here uses; a script injected despite the CSP cannot reach them either. */
const DENIED = [
  "accelerometer",
  "ambient-light-sensor",
  "autoplay",
  "bluetooth",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/** The Permissions-Policy header: payment only for this site and Stripe's card form, when Stripe takes cards. */
export function permissionsPolicy(stripe: boolean): string {
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : "payment=()";
  return [...DENIED.map((feature) => `${feature}=()`), payment].join(", ");
}

/** What we render or answer: pages, React Router's page data, JSON. Files keep their own caching. */
const RENDERED = /^(text\/html|text\/x-script|application\/json)/;

/**
 * An answer to a request that carries a session (or any cookie), or that sets one, may hold someone's
 * orders, name or account: no shared cache (a proxy, a CDN) may keep it, and no browser may store it.
 */
export async function privateAnswers(request: FastifyRequest, reply: FastifyReply) {
  const personal = request.headers.cookie || request.headers.authorization || reply.hasHeader("set-cookie");
  if (personal && RENDERED.test(String(reply.getHeader("content-type") ?? ""))) {
    reply.header("cache-control", "private, no-store");
  }
}
