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
 * The domain core as pages see it: while the database is away, every call answers a 503 route error
 * with the API's message, so the error page says ReLaptop is briefly unavailable instead of a generic
 * "unexpected error". The API has its own translation (server/http/errors.ts).
 *
 * Every part of the services is covered, read from the services themselves: a domain added to
 * server/services.ts cannot be left off a list here (it would turn an outage into a 500). The parts
 * that are not domains (the database handle, the payment provider, media storage) are covered too;
 * only a database outage is translated, and it is the same outage wherever it surfaces.
 */
export function servicesForPages(services: Services): Services {
  const pageServices: Record<string, unknown> = {};
  for (const [name, service] of Object.entries(services)) {
    pageServices[name] = typeof service === "object" && service !== null ? translateOutages(service) : service;
  }
  return pageServices as Services;
}
