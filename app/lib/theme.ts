import { readCookie } from "./cookies.ts";

/**
 * The colour theme a visitor chose: light, dark, or (no choice) whatever their system prefers. Kept in a plain
 * cookie so the server renders the chosen theme into <html data-theme> and the first paint never flashes.
 */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "relaptop_theme";

export const THEME_LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

/** The theme the request's cookie names; "system" without one (or with a value that is none of them). */
export function themeOf(request: Request): Theme {
  const value = readCookie(request, THEME_COOKIE);
  return THEMES.find((t) => t === value) ?? "system";
}
