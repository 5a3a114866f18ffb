import { data } from "react-router";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "../../db/availability.ts";
import type { Services } from "../services.ts";

const unavailable = (error: unknown): never => {
  // React Router shows a page only a generic text for a thrown Error; a route error response keeps its words.
  if (isDatabaseUnavailable(error)) throw data(UNAVAILABLE_MESSAGE, { status: 503 });
  throw error;
};

/** A call whose database outage (thrown or rejected) becomes the 503 route error. */
function guarded(fn: (...args: never[]) => unknown, self: unknown) {
  return (...args: never[]) => {
    try {
      const result = fn.apply(self, args);
      return result instanceof Promise ? result.catch(unavailable) : result;
    } catch (error) {
      return unavailable(error);
    }
  };
}

/**
 * The parts of the services that are infrastructure, not domain rules: handed to pages as they are.
 * Wrapping them would change what they are (better-auth, a storage, a provider, a queue, a listener).
 */
const INFRASTRUCTURE = new Set([
  "accounts.auth",
  "media",
  "payments",
  "jobs",
  "notifications.live",
  "conversations.live",
  "moderation.live",
]);

/** A domain's calls, and those of the groups inside it (`catalogue.brands`), each guarded. */
function translateOutages<T extends object>(service: T, path: string): T {
  return new Proxy(service, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      // A frozen property must be handed out as it is (a Proxy may not answer it with another value).
      const own = Reflect.getOwnPropertyDescriptor(target, key);
      if (own && !own.configurable && !own.writable) return value;
      const inner = `${path}.${String(key)}`;
      if (typeof value === "function") return guarded(value as (...args: never[]) => unknown, target);
      if (value && typeof value === "object" && !INFRASTRUCTURE.has(inner)) return translateOutages(value, inner);
      return value;
    },
  });
}

/**
 * The domain core as pages see it: while the database is away, every call answers a 503 route error
 * with the API's message, so the error page says ReLaptop is briefly unavailable instead of a generic
 * "unexpected error". The API has its own translation (server/http/errors.ts).
 *
 * Every domain is covered, read from the services themselves: a domain added to server/services.ts
 * cannot be left off (it would turn an outage into a 500); only infrastructure is named, above.
 */
export function servicesForPages(services: Services): Services {
  const pageServices: Record<string, unknown> = {};
  for (const [name, service] of Object.entries(services)) {
    if (INFRASTRUCTURE.has(name) || service === null) pageServices[name] = service;
    // A domain's one call as well as a domain's object of calls.
    else if (typeof service === "function") pageServices[name] = guarded(service, services);
    else pageServices[name] = typeof service === "object" ? translateOutages(service, name) : service;
  }
  return pageServices as Services;
}
