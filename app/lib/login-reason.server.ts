import type { RouterContextProvider } from "react-router";
import { appContext } from "#app-context";
import { isLoginReasonKind, type LoginReason, loginReasonText, type ShownReason } from "../../schemas/login-reasons.ts";
import { idFromPath } from "../../schemas/params.ts";

/**
 * A wall's reason as a request carries it (`reason` and `about`, in a query or a form), if it is one: a known
 * kind and an id that can name something. Anything else is no reason, and the page is the plain one.
 */
export function readLoginReason(from: URLSearchParams | FormData): LoginReason | null {
  const kind = from.get("reason");
  const about = from.get("about");
  const id = typeof about === "string" ? idFromPath(about) : null;
  return isLoginReasonKind(kind) && id ? { kind, id } : null;
}

/**
 * The name behind a reason, read from what any visitor may see — a public laptop, its seller's name as its
 * page shows it, a brand — so that no link can make the page name a held laptop, a buyer or anything at all
 * of its own. An id that names nothing public: no reason.
 */
export async function showLoginReason(
  context: Readonly<RouterContextProvider>,
  reason: LoginReason | null,
): Promise<ShownReason | null> {
  if (!reason) return null;
  const { catalogue } = context.get(appContext).services;
  let name: string | undefined;
  if (reason.kind === "brand") {
    name = (await catalogue.getBrand(reason.id))?.name;
  } else {
    const advert = await catalogue.getAdvert(reason.id);
    name = reason.kind === "book" ? advert?.name : advert?.sellerName;
  }
  if (!name) return null;
  return {
    ...reason,
    login: loginReasonText("login", reason.kind, name),
    signUp: loginReasonText("signUp", reason.kind, name),
  };
}

/**
 * What a page behind the wall is for, when the page can say: a brand's laptops (a brand card), a first
 * message about a laptop (Message seller). requireUser sends a signed-out visitor to the login page with it,
 * so these pages' loaders and the links to them stay as they are.
 */
export function reasonForPage(path: string): LoginReason | null {
  const url = new URL(path, "http://page.invalid");
  const brand = /^\/category\/([^/]+)$/.exec(url.pathname)?.[1];
  const brandId = brand ? idFromPath(brand) : null;
  if (brandId) return { kind: "brand", id: brandId };
  const advertId = url.pathname === "/dashboard/messages/new" ? idFromPath(url.searchParams.get("advert") ?? "") : null;
  return advertId ? { kind: "message", id: advertId } : null;
}
