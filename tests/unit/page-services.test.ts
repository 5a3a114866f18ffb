import { describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGE } from "../../db/availability.ts";
import { servicesForPages } from "../../server/http/page-services.ts";
import type { Services } from "../../server/services.ts";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** The catalogue as a page sees it; every other domain is an empty object. */
function pageServices(catalogue: object) {
  const services = new Proxy({ catalogue }, { get: (target, key) => (key === "catalogue" ? target.catalogue : {}) });
  return servicesForPages(services as unknown as Services).catalogue as unknown as Record<string, unknown>;
}
type Call = (...args: unknown[]) => unknown;

describe("the domain core as pages see it", () => {
  it("turns a database outage into a 503 with the API's message, for async and sync calls", async () => {
    const catalogue = pageServices({
      search: async () => Promise.reject(refused()),
      count: () => {
        throw refused();
      },
    });
    await expect((catalogue.search as Call)()).rejects.toMatchObject({
      data: UNAVAILABLE_MESSAGE,
      init: { status: 503 },
    });
    expect(() => (catalogue.count as Call)()).toThrow(expect.objectContaining({ init: { status: 503 } }));
  });

  it("passes results, arguments, this and every other error through untouched", async () => {
    const wrong = new TypeError("x is undefined");
    const catalogue = pageServices({
      factor: 3,
      async times(this: { factor: number }, n: number) {
        return n * this.factor;
      },
      broken: async () => Promise.reject(wrong),
    });
    expect(await (catalogue.times as Call)(2)).toBe(6);
    await expect((catalogue.broken as Call)()).rejects.toBe(wrong);
    expect(catalogue.factor).toBe(3);
  });

  it("covers every service, a domain added to the services tomorrow included", async () => {
    const failing = () => ({ list: async () => Promise.reject(refused()) });
    // A service no list in page-services.ts has ever named: what matters is that it is in the services.
    const media = failing();
    const auth = failing();
    // A domain may also be one call of its own (the top bar's counts).
    const counts = async () => Promise.reject(refused());
    const services = {
      catalogue: { ...failing(), brands: failing() },
      wishlists: failing(),
      accounts: { auth },
      media,
      name: "not a service",
      counts,
    };
    const pages = servicesForPages(services as unknown as Services) as unknown as Record<string, unknown>;
    for (const name of ["catalogue", "wishlists"]) {
      const service = pages[name] as Record<string, Call>;
      await expect(service.list?.(), name).rejects.toMatchObject({ data: UNAVAILABLE_MESSAGE, init: { status: 503 } });
    }
    // A group inside a domain (catalogue.brands) is guarded too.
    const brands = (pages.catalogue as { brands: Record<string, Call> }).brands;
    await expect(brands.list?.()).rejects.toMatchObject({ data: UNAVAILABLE_MESSAGE, init: { status: 503 } });
    await expect((pages.counts as Call)()).rejects.toMatchObject({ data: UNAVAILABLE_MESSAGE, init: { status: 503 } });
    expect(pages.name).toBe("not a service");
    // Infrastructure is handed over as it is: wrapping a storage or better-auth changes what it is.
    expect(pages.media).toBe(media);
    expect((pages.accounts as { auth: unknown }).auth).toBe(auth);
  });

  it("leaves the services themselves untouched: the API and background work see the errors as they are", async () => {
    const catalogue = { search: async () => Promise.reject(refused()) };
    const services = { catalogue } as unknown as Services;
    servicesForPages(services);
    expect(services.catalogue).toBe(catalogue);
    await expect(catalogue.search()).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
