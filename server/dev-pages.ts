import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { FastifyServerFactory } from "fastify";
import { createServer, searchForWorkspaceRoot, type ViteDevServer } from "vite";
import type { Config } from "./config.ts";

/**
 * `npm run dev`: the pages come from Vite in middleware mode, inside the one Fastify server, instead of
 * build/. Vite answers what it owns (its client, the modules it transforms, public/) and its HMR websocket
 * on the same port; everything else goes on to Fastify as in production — the API, the checks, the headers,
 * and React Router, which loads the server build from Vite's module graph on each request, so an edited route
 * module is served at once and hot-replaced in the browser. The server side (server/, core/, db/, schemas/)
 * is restarted by Node's watch mode instead (package.json "dev").
 * Imported only in development: production never loads Vite.
 */
export interface DevPages {
  vite: ViteDevServer;
  /** Fastify's HTTP server: Vite's HMR websocket is attached to it, and Vite answers first what is its own. */
  serverFactory: FastifyServerFactory;
}

export async function createDevPages(config: Config): Promise<DevPages> {
  const httpServer = http.createServer();
  const vite = await createServer({
    appType: "custom",
    // Our .env is the server's configuration (server/env-file.ts), nothing for Vite to expose or watch.
    envDir: false,
    server: {
      middlewareMode: true,
      hmr: { server: httpServer },
      // Fastify answers for the site, CORS included (none): Vite's own would apply to every request.
      cors: false,
      allowedHosts: [new URL(config.publicUrl).hostname],
      // The packages may be links to an install elsewhere (a git worktree, a test's copy): serve from there too.
      fs: {
        allow: [searchForWorkspaceRoot(process.cwd()), path.dirname(fs.realpathSync("node_modules/react-router"))],
      },
      // The embedded database writes here constantly; the server side has its own watcher.
      watch: { ignored: [`${config.dataDir}/**`, "**/build/**", "**/data/**"] },
    },
  });
  return {
    vite,
    serverFactory: (handler) =>
      httpServer.on("request", (request, response) =>
        vite.middlewares(request, response, () => handler(request, response)),
      ),
  };
}
