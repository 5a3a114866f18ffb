import type { RouterContextProvider } from "react-router";
import { appContext } from "#app-context";
import { anonymous } from "../../server/http/anonymous.ts";

/**
 * The catalogue a page reads: a visitor's request (no cookie, no credentials — no session to have just
 * changed anything) may be answered from the replica; anyone else reads the primary.
 */
export function catalogueFor(request: Request, context: Readonly<RouterContextProvider>) {
  const { services } = context.get(appContext);
  return anonymous((name) => request.headers.get(name)) ? services.catalogue.forVisitors : services.catalogue;
}
