/**
 * Why a visitor meets a login wall, as the login and sign-up pages say it: "Log in to book Dell XPS 13 9315".
 * The address carries only a kind and an id (`reason=book&about=<laptop>`); the server reads the name from
 * public data (app/lib/login-reason.server.ts), so a link cannot make the page say something of its own.
 * Pure: the links that lead to the wall import it, and a card must not bring zod into a visitor's page.
 */

export const LOGIN_REASON_KINDS = ["book", "message", "brand"] as const;
export type LoginReasonKind = (typeof LOGIN_REASON_KINDS)[number];

/** A wall's reason as a link carries it: the kind, and the laptop's (book, message) or brand's (brand) id. */
export interface LoginReason {
  kind: LoginReasonKind;
  id: string;
}

/** A reason with what the page says for it, on /login and on /signUp (the server's, from the name it found). */
export interface ShownReason extends LoginReason {
  login: string;
  signUp: string;
}

/** The rest of the sentence for each kind, given the name the server found (laptop, seller, brand). */
const WHAT: Record<LoginReasonKind, (name: string) => string> = {
  book: (laptop) => `to book ${laptop}`,
  message: (seller) => `to message ${seller}`,
  brand: (brand) => `to see ${brand} laptops`,
};

/** "Log in to book Dell XPS 13 9315" on /login, "Sign up to book Dell XPS 13 9315" on /signUp. */
export function loginReasonText(page: "login" | "signUp", kind: LoginReasonKind, name: string): string {
  return `${page === "login" ? "Log in" : "Sign up"} ${WHAT[kind](name)}`;
}

export const isLoginReasonKind = (value: unknown): value is LoginReasonKind =>
  (LOGIN_REASON_KINDS as readonly unknown[]).includes(value);
