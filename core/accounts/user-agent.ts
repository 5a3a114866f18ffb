/**
 * "Chrome on Windows" from a user agent, for the profile's list of sessions: a few honest lines instead of
 * a parsing library, because a person only needs to tell their phone from their laptop. The order matters:
 * Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux, iOS also says Mac OS X.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1];

export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? "";
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
