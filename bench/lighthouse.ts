/**
 * Lighthouse on home, /allAdd, a laptop page and a signed-in dashboard page: the production build on a fresh
 * embedded database with the demo data, Debian's Chromium headless, at a phone's width (Lighthouse's default
 * mobile emulation and throttling) and a desktop's. Prints each page's accessibility and performance scores and
 * its cumulative layout shift, and every failing accessibility audit with its elements. Exits 1 when a page's
 * accessibility is under 100, its CLS 0.05 or more, or — public pages on a phone — its performance under 90
 * (issue #47's targets). Not in `npm test`: Lighthouse on shared cores is slow and its timings wander (the
 * accessibility audits themselves do not); run it on a quiet machine. Usage: npm run bench:lighthouse [-- --port 4191 --chrome /usr/bin/chromium]
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { DEMO_ACCOUNTS } from "../seed/demo.ts";
import { DEMO_PASSWORD } from "../seed/factories.ts";
import { embedded, healthy, startServer, stop } from "./drills/support.ts";
import { argument, buildIfStale } from "./processes.ts";

const port = Number(argument("port", "4191"));
const chromePath = argument("chrome", "/usr/bin/chromium");
const origin = `http://127.0.0.1:${port}`;

buildIfStale();

/** The session cookie of a demo account, as the browser would hold it after signing in. */
async function sessionCookie(email: string): Promise<string> {
  const reply = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!reply.ok) throw new Error(`signing in as ${email}: ${reply.status}`);
  return reply.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function aLaptopPath(): Promise<string> {
  const page = (await (await fetch(`${origin}/api/adverts`)).json()) as { items: { id: string }[] };
  const first = page.items[0];
  if (!first) throw new Error("the demo data has no laptop on sale");
  return `/laptops/${first.id}`;
}

const database = embedded();
const server = startServer(database.env, port);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let below = 0;
try {
  if (!(await healthy(port, 120_000))) throw new Error("the server did not start");
  const cookie = await sessionCookie(DEMO_ACCOUNTS.seller);
  const pages: { path: string; headers?: Record<string, string> }[] = [
    { path: "/" },
    { path: "/allAdd" },
    { path: await aLaptopPath() },
    { path: "/dashboard", headers: { cookie } },
  ];
  console.log("a11y  perf  CLS    FCP ms  LCP ms  TBT ms  width   page");
  for (const { path, headers } of pages) {
    for (const formFactor of ["mobile", "desktop"] as const) {
      // A trace Lighthouse failed to record (NO_NAVSTART and the like, on a busy machine) is its failure, not
      // the page's: run it once more.
      const first = await audit(path, formFactor, headers);
      const { accessibility, performance, shift } = first.failed ? await audit(path, formFactor, headers) : first;
      const fast = headers || formFactor === "desktop" || performance >= 90;
      below += accessibility < 100 || shift >= 0.05 || !fast ? 1 : 0;
    }
  }
} finally {
  chrome.kill();
  await stop(server);
  await database.drop();
}
process.exit(below > 0 ? 1 : 0);

/** Audits one page at a phone's width (Lighthouse's Moto G emulation) or a desktop's; prints and returns its scores. */
async function audit(path: string, formFactor: "mobile" | "desktop", headers?: Record<string, string>) {
  const result = await lighthouse(
    origin + path,
    {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["accessibility", "performance"],
      extraHeaders: headers,
    },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
  const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const shift = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 1;
  const ms = (id: string) => String(Math.round(lhr.audits[id]?.numericValue ?? 0)).padStart(6);
  const timings = `${ms("first-contentful-paint")}  ${ms("largest-contentful-paint")}  ${ms("total-blocking-time")}`;
  // A page that redirected (to sign-in, say) was not the page meant.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  const where = landed === path ? path : `${path} → ${landed}`;
  console.log(
    `${String(score).padStart(4)}  ${String(performance).padStart(4)}  ${shift.toFixed(3)}  ${timings}  ${formFactor.padEnd(7)} ${where}${lhr.runtimeError ? `  (${lhr.runtimeError.message})` : ""}`,
  );
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const failed = lhr.audits[ref.id];
    if (!failed || ref.weight === 0 || failed.score === null || failed.score === 1) continue;
    console.log(`     FAIL ${failed.id}: ${failed.title}`);
    const details = failed.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined;
    for (const item of details?.items ?? []) {
      if (item.node) console.log(`          ${item.node.snippet}\n            ${item.node.explanation ?? ""}`);
    }
  }
  return { accessibility: landed === path ? score : 0, performance, shift, failed: Boolean(lhr.runtimeError) };
}
