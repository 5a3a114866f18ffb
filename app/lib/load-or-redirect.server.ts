import type { RouterContextProvider } from "react-router";
import { isAppError } from "../../core/errors.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { notFound } from "./not-found.server.ts";
import { redirectWithToast } from "./toast.server.ts";

/**
 * Runs a domain read for a page: FORBIDDEN sends the user home with the spec's toast,
 * NOT_FOUND renders the not-found page with status 404, saying in the domain's words what is missing.
 */
export async function loadOrRedirect<T>(context: Readonly<RouterContextProvider>, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error) && error.code === "FORBIDDEN") {
      throw await redirectWithToast(context, "/", { type: "error", message: MESSAGES.toast.forbidden });
    }
    if (isAppError(error) && error.code === "NOT_FOUND") throw notFound(error.message);
    throw error;
  }
}
