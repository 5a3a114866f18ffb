import { data } from "react-router";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "../../db/availability.ts";
import type { Services } from "../services.ts";

const unavailable = (error: unknown): never => {
  // React Router shows a page only a generic text for a thrown Error; a route error response keeps its words.
  if (isDatabaseUnavailable(error)) throw data(UNAVAILABLE_MESSAGE, { status: 503 });
  throw error;
};

function translateOutages<T extends object>(service: T): T {
  return new Proxy(service, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      // A frozen property must be handed out as it is (a Proxy may not answer it with another value).
      const own = Reflect.getOwnPropertyDescriptor(target, key);
      if (own && !own.configurable && !own.writable) return value;
      return (...args: unknown[]) => {
        try {
          const result = value.apply(target, args);
          return result instanceof Promise ? result.catch(unavailable) : result;
        } catch (error) {
          return unavailable(error);
        }
      };
    },
  });
}

/**
 * The parts of the services that are infrastructure, not domain rules: handed to pages as they are.
 * Wrapping them would change what they are (a database handle, better-auth, a queue, a listener).
 */
const INFRASTRUCTURE = new Set<keyof Services>([
  "database",
  "db",
  "auth",
  "media",
  "payments",
  "jobs",
  "background",
  "liveCounts",
  "liveMessages",
]);

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
    const domain = typeof service === "object" && service !== null && !INFRASTRUCTURE.has(name as keyof Services);
    pageServices[name] = domain ? translateOutages(service) : service;
  }
  return pageServices as Services;
}
