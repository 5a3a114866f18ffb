import type { ServerBuild } from "react-router";
import { createServer, type Plugin, type ViteDevServer } from "vite";
import { appContext } from "#app-context";

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

export async function loadPageBuild(): Promise<ServerBuild> {
  (globalThis as { __relaptopAppContext?: unknown }).__relaptopAppContext = appContext;
  vite ??= await createServer({
    logLevel: "error",
    appType: "custom",
    // No WebSocket server: nothing is hot-replaced here, and the test files running at once would each try
    // to take its one port (24678) and print an error.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    plugins: [sharedContext],
  });
  return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
}

export async function closePageBuild() {
  await vite?.close();
  vite = undefined;
}
