import { data } from "react-router";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "../../db/availability.ts";
import type { Services } from "../services.ts";

/** The domain parts loaders and actions call. */
const DOMAINS = ["accounts", "adverts", "brandAdmin", "catalogue", "orders", "people", "reports"] as const;

const unavailable = (error: unknown): never => {
  // React Router shows a page only a generic text for a thrown Error; a route error response keeps its words.
  if (isDatabaseUnavailable(error)) throw data(UNAVAILABLE_MESSAGE, { status: 503 });
  throw error;
};

function translateOutages<T extends object>(domain: T): T {
  return new Proxy(domain, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
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
 */
export function servicesForPages(services: Services): Services {
  const pageServices = { ...services };
  for (const name of DOMAINS) (pageServices as Record<string, object>)[name] = translateOutages(services[name]);
  return pageServices;
}
