import { expect } from "vitest";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import type { Core } from "../../server/services.ts";
import { client } from "./http.ts";
import type { TestApp } from "./test-app.ts";

/** A seller, a brand, and one laptop of theirs in it (not advertised). */
export async function sellersLaptop(services: Core, email: string, brandName: string, name: string) {
  const seller = await createUser(services, { name: email.split("@")[0] as string, email, role: "seller" });
  const brand = await createBrand(services, brandName);
  const laptop = await createAdvert(services, {
    sellerId: seller.id,
    brandId: brand.id,
    name,
    resalePriceCents: 40_000,
  });
  return { seller, brand, laptop };
}

const SEEN_WITHIN_MS = 1_000;

/**
 * A laptop its seller advertises through `writer` shows in `reader`'s visitors' list of advertised laptops,
 * which `reader` had just cached, within a second (it keeps it for a minute): only the cache broadcast can tell
 * `reader` of the change. The broadcast takes milliseconds; the second is for a loaded CI machine.
 */
export async function expectChangeSeenAcross(writer: TestApp, reader: TestApp) {
  const { laptop } = await sellersLaptop(writer, "sid@x.test", "Acer", "Swift 3");
  const advertised = async () =>
    ((await client(reader).get("/api/adverts/advertised")).json() as { adverts: { id: string }[] }).adverts.map(
      (x) => x.id,
    );
  expect(await advertised()).not.toContain(laptop.id); // now cached on the reader

  const sid = client(writer);
  await sid.signIn("sid@x.test");
  expect((await sid.raw("PUT", `/api/adverts/${laptop.id}/advertisement`, { advertised: true })).statusCode).toBe(204);
  const changedAt = Date.now();
  while (!(await advertised()).includes(laptop.id) && Date.now() - changedAt < SEEN_WITHIN_MS) {
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(await advertised()).toContain(laptop.id);
}
