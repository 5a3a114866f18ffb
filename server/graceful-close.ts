import net from "node:net";
import type { FastifyInstance } from "fastify";
import type { Lifecycle } from "./app.ts";

/**
 * Ends serving without cutting a request off, after the drain (server/main.ts). First no new connection
 * is accepted — a balancer's next connect is refused, which nginx retries on another process even for a
 * POST, since it never reached this one. The connections already open stay: each is closed after its next
 * answer (`Connection: close`, lifecycle.closing) or by the client. None is closed while idle, because a
 * request may be on its way on it, and a POST cut off that way is not retried. After `graceMs` whatever is
 * left (idle connections a client keeps without using them) is closed with the app.
 */
export async function closeGently(app: FastifyInstance, lifecycle: Lifecycle, graceMs: number) {
  lifecycle.closing = true;
  const server = app.server;
  if (server.listening) {
    // net.Server's own close stops accepting; http.Server's would also close the idle connections at once.
    net.Server.prototype.close.call(server);
    const end = Date.now() + graceMs;
    while (Date.now() < end && (await openConnections(server)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await app.close(); // what is still in flight finishes; what is left idle is closed
}

const openConnections = (server: net.Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
