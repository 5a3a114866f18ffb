import { data, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { parseForm } from "../lib/forms.server.ts";
import { safeRedirect } from "../lib/session.server.ts";
import { THEME_COOKIE, THEMES } from "../lib/theme.ts";
import type { Route } from "./+types/theme";

export const loader = () => redirect("/");

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The theme switch: remembers the choice for a year ("system" forgets it). Without JavaScript, back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, z.object({ theme: z.enum(THEMES), redirectTo: z.string().optional() }));
  if (parsed.error) return parsed.error;
  const { theme, redirectTo } = parsed.value;
  const secure = context.get(appContext).secureCookies ? "; Secure" : "";
  const cookie =
    theme === "system"
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
  const headers = { "set-cookie": cookie };
  return redirectTo ? redirect(safeRedirect(context, redirectTo), { headers }) : data({ theme }, { headers });
}
