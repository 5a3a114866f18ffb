import { z } from "zod";
import { emailSchema } from "./accounts.ts";

/**
 * What the login limits and the emailed sign-in link say (core/accounts/login-throttle.ts, auth.ts), and the
 * link's forms. A refusal's words are followed by the wait ("Try again in 60 minutes.").
 */
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;
const linkLife = `It works once, for ${SIGN_IN_LINK_TTL_SECONDS / 60} minutes.`;

export const LOGIN_MESSAGES = {
  /** This browser's own failures, or its network's: it waits. */
  tooManyFailures: "Too many failed logins.",
  /** The account's ceiling for devices that never signed in to it: the owner may use an emailed link. */
  accountPaused: "Too many failed logins to this account from devices it has not signed in on before.",
  /** Ends the account's refusal, after its wait. */
  orLink: "or sign in with a link we email you",
  /** Under a refusal on the login page, beside the button that asks for the link. */
  linkOffer: `We can email you a link that signs you in. ${linkLife}`,
  /** The one answer to "email me a sign-in link", whether the account exists or not. */
  linkSent: `If an account exists for that email, we have sent it a link that signs you in. ${linkLife}`,
  linkInvalid: `This sign-in link has already been used or has expired. ${linkLife.replace("It works", "Links work")}`,
  tooManyLinksForEmail: "Too many sign-in links for this email address.",
  tooManyLinksFromNetwork: "Too many account emails from your network.",
  tooManyLinkAttempts: "Too many sign-in link attempts from your network.",
} as const;

/** "Email me a sign-in link": the login page's offer, the link page, and POST /api/auth/sign-in/magic-link. */
export const signInLinkRequestSchema = z.object({ email: emailSchema });

/** The link's page signs in when its button is pressed (never on opening: mail scanners open links). */
export const signInLinkUseSchema = z.object({ token: z.string().min(1, LOGIN_MESSAGES.linkInvalid).max(200) });
