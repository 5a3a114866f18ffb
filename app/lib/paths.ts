/** The addresses of the pages that many others link to, as app/routes.ts names them. */
import type { LoginReason } from "../../schemas/login-reasons.ts";
import { SIGN_IN_CODE_PATH } from "../../schemas/two-factor-labels.ts";

/** A laptop's page. */
export const laptopPath = (advertId: string) => `/laptops/${advertId}`;

/** Where a seller's own adverts are listed (My Products): posting and editing lead there. */
export const myProductsPath = (email: string) => `/dashboard/adds/${encodeURIComponent(email)}`;

/** The order's page with its Report a problem form open (app/components/report-problem-form.tsx), scrolled to. */
export const REPORT_PROBLEM_ID = "report-problem";
export const reportProblemPath = (orderId: string) => `/dashboard/orders/${orderId}?report#${REPORT_PROBLEM_ID}`;

/** A brand's laptops. */
export const categoryPath = (brandId: string) => `/category/${brandId}`;

/**
 * The login page for a visitor who met a wall: it comes back to `returnTo` afterwards and, given a reason,
 * says what they were doing ("Log in to book Dell XPS 13 9315"). Only public ids go in, so a visitor's
 * page that links here stays the same for every visitor.
 */
export function loginPath(returnTo: string, reason?: LoginReason | null): string {
  const query = new URLSearchParams({ redirectTo: returnTo });
  if (reason) {
    query.set("reason", reason.kind);
    query.set("about", reason.id);
  }
  return `/login?${query}`;
}

/** The sign-in's second step (two-factor), carrying where the login was going and the heart pressed before it. */
export function signInCodePath(redirectTo: string, favourite: string | null): string {
  const query = new URLSearchParams({ redirectTo });
  if (favourite) query.set("favourite", favourite);
  return `${SIGN_IN_CODE_PATH}?${query}`;
}
