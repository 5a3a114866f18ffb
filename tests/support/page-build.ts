import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { ServerBuild } from "react-router";
import { createServer, type Plugin, type ViteDevServer } from "vite";
import { afterAll, beforeAll } from "vitest";
import { appContext } from "#app-context";
import type { ServiceOptions } from "../../server/services.ts";
import { startTestApp, type TestApp } from "./test-app.ts";

/**
 * The React Router server build, compiled on the fly by Vite (no `npm run build` needed), so integration
 * tests can send requests to the pages. The route modules must see the same context token as the server
 * that fills it: `#app-context` resolves to the one this test process already loaded.
 */
const sharedContext: Plugin = {
  name: "relaptop-shared-app-context",
  enforce: "pre",
  resolveId: (id) => (id === "#app-context" ? "\0relaptop-app-context" : undefined),
  load: (id) =>
    id === "\0relaptop-app-context" ? "export const appContext = globalThis.__relaptopAppContext;" : undefined,
};

let vite: ViteDevServer | undefined;

/**
 * React Router's plugin regenerates .react-router/types whenever a dev server starts (it empties the folder,
 * then writes it, without waiting): two test workers starting one at once failed on each other's files
 * (ENOTEMPTY). One start at a time, across the run's processes, until the types are written again.
 */
const TYPES = path.resolve(import.meta.dirname, "../../.react-router/types");
const LOCK = path.resolve(import.meta.dirname, "../../.react-router/.test-page-build.lock");

async function oneStartAtATime<T>(start: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a worker that was killed: no start takes a minute.
      const heldSince = fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - heldSince > 60_000) fs.rmSync(LOCK, { force: true, recursive: true });
      await sleep(50);
    }
  }
  const since = Date.now();
  try {
    const started = await start();
    const written = () =>
      ["+server-build.d.ts", "+routes.ts"].every(
        (file) => (fs.statSync(path.join(TYPES, file), { throwIfNoEntry: false })?.mtimeMs ?? 0) >= since,
      );
    for (let waited = 0; !written() && waited < 10_000; waited += 50) await sleep(50);
    return started;
  } finally {
    fs.rmSync(LOCK, { force: true, recursive: true });
  }
}

export async function loadPageBuild(): Promise<ServerBuild> {
  (globalThis as { __relaptopAppContext?: unknown }).__relaptopAppContext = appContext;
  vite ??= await oneStartAtATime(async () => {
    const server = await createServer({
      logLevel: "error",
      appType: "custom",
      // No WebSocket server: nothing is hot-replaced here, and the test files running at once would each try
      // to take its one port (24678) and print an error.
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      plugins: [sharedContext],
    });
    await server.ssrLoadModule("virtual:react-router/server-build");
    return server;
  });
  return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
}

export async function closePageBuild() {
  await vite?.close();
  vite = undefined;
}

/** A test app that serves the pages too (startTestApp's environment and options). */
export async function startPageApp(env: Record<string, string> = {}, options: ServiceOptions = {}) {
  return startTestApp(env, options, { pages: await loadPageBuild() });
}

/** Closes a test app started by startPageApp, and the pages' build with it. */
export async function closePageApp(t: TestApp | undefined) {
  await t?.close();
  await closePageBuild();
}

/** As testAppForTests, a test app that serves the pages too (startPageApp's arguments), closed with its build. */
export function pageAppForTests(...args: Parameters<typeof startPageApp>): TestApp {
  const t: Partial<TestApp> = {};
  beforeAll(async () => {
    Object.assign(t, await startPageApp(...args));
  });
  afterAll(() => closePageApp(t.close && (t as TestApp)));
  return t as TestApp;
}

/**
 * What a server-rendered page shows, as a browser without JavaScript would: its markup without its scripts (the
 * page's data is also in a script, so a message found only there is one nobody sees) and without React's marks
 * between text parts.
 */
export const shownOn = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");
