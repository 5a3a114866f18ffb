/** The page a refused form is sent to (server/http/origin-check.ts), and what it says for each reason. */
export const REFUSED_FORM_PATH = "/form-refused";

export const REFUSED_FORM_REASONS = ["cross-site", "proxy"] as const;
export type RefusedFormReason = (typeof REFUSED_FORM_REASONS)[number];

export const REFUSED_FORM_HEADING = "This form was not sent";

/** Each reason's words: what happened, and what to do; `site` is PUBLIC_URL. */
export const REFUSED_FORM_WORDS: Record<RefusedFormReason, (site: string) => { happened: string; todo: string }> = {
  "cross-site": (site) => ({
    happened: `ReLaptop only accepts forms sent from its own address, ${site}, and this one came from another address.`,
    todo: `Open ReLaptop at ${site} and try again: nothing was changed.`,
  }),
  proxy: (site) => ({
    happened:
      `This server is reached through a proxy it does not trust, so it cannot tell that your form was sent to ${site}. ` +
      "The site's administrator needs to set TRUST_PROXY to that proxy's address.",
    todo: "Nothing was changed. Try again once the administrator has set TRUST_PROXY.",
  }),
};
