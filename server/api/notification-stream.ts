import type { ServerResponse } from "node:http";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES_EVENT, type MessagesUpdate } from "../../schemas/conversation-labels.ts";
import { MODERATION_EVENT, UNREAD_EVENT } from "../../schemas/notification-labels.ts";
import { isAdmin } from "../../schemas/roles.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import { sessionUserOf } from "../http/session-cookies.ts";
import type { Services } from "../services.ts";

/** Proxies and load balancers drop a connection that says nothing for a minute or so. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream broke. */
const RETRY_MS = 3_000;

const countEvent = (unread: number) => `event: ${UNREAD_EVENT}\ndata: ${unread}\n\n`;
const messagesEvent = (update: MessagesUpdate) => `event: ${MESSAGES_EVENT}\ndata: ${JSON.stringify(update)}\n\n`;
// An event needs data to be dispatched; what changed, the page reads for itself.
const MODERATION_CHANGED = `event: ${MODERATION_EVENT}\ndata: changed\n\n`;

/**
 * The bell's live unread count, as server-sent events: the count on connect, then again whenever
 * services.notifications.live reports a change (PostgreSQL LISTEN/NOTIFY, so a change made through any app process
 * arrives), and a comment every 25 s to keep the connection open. No tab polls for its counts; the heartbeat
 * reads the session again (one indexed row), so that the stream of a session that has ended ends with it.
 * Conversations ride the same stream (`event: messages`): the unread messages on connect, and on every
 * change to one of the person's conversations, which one — its open page reads it again. An admin's stream
 * also says when the moderation queue changed (`event: moderation`, nothing more: Reported Items reads
 * itself again); nobody else's stream carries it, and a stream whose person is no longer an admin ends.
 *
 * The reply is hijacked: written straight to the socket, so no onSend hook sees it — the visitors'
 * micro-cache would wait for its end, and compression would buffer the events.
 */
export const notificationStream: FastifyPluginAsyncZod<{ services: Services; heartbeatMs?: number }> = async (
  app,
  { services, heartbeatMs = HEARTBEAT_MS },
) => {
  const open = new Set<ServerResponse>();
  // A server closing waits for open connections: end the streams so that it can (browsers reconnect).
  app.addHook("preClose", async () => {
    for (const res of open) res.end();
  });

  app.get(
    "/notifications/stream",
    {
      config: { longLived: true },
      schema: {
        tags: ["notifications"],
        summary:
          "My unread counts, live (text/event-stream): `event: unread` (notifications) and `event: messages` (conversations), on connect and on every change; admins also get `event: moderation` when the moderation queue changes",
        response: {
          200: z.string().meta({ description: "text/event-stream: `event: unread`, `data: 3`" }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(services, request);
      const res = reply.raw;
      const send = (chunk: string) => {
        if (!res.writableEnded) res.write(chunk);
      };
      // A change heard before the counts on connect were sent waits for them: it was read after them (or
      // at the same time), and written first it would come before the headers.
      let waiting: string[] | null = [];
      const live = (chunk: string) => (waiting ? waiting.push(chunk) : send(chunk));
      const unsubscribers: (() => void)[] = [];
      const unsubscribe = () => {
        for (const off of unsubscribers) off();
      };
      let unread: { notices: number; messages: number };
      try {
        // Subscribe before counting, so a change between the two is not missed (at worst sent twice).
        unsubscribers.push(await services.notifications.live.subscribe(user.id, (unread) => live(countEvent(unread))));
        unsubscribers.push(await services.conversations.live.subscribe(user.id, (update) => live(messagesEvent(update))));
        if (isAdmin(user)) {
          unsubscribers.push(await services.moderation.live.subscribe(user, () => live(MODERATION_CHANGED)));
        }
        unread = await services.conversations.unreadCounts(user);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      reply.hijack();
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no", // nginx: pass each event on at once
        "x-request-id": request.id,
      });
      res.flushHeaders();
      open.add(res);
      send(`retry: ${RETRY_MS}\n\n`);
      send(countEvent(unread.notices));
      send(messagesEvent({ unread: unread.messages, conversationId: "" }));
      for (const chunk of waiting) send(chunk);
      waiting = null;
      const heartbeat = setInterval(async () => {
        send(": heartbeat\n\n");
        // A session ended since (signed out, a password reset, a deleted account) ends its stream here; the
        // browser's reconnection is then refused. A database that does not answer ends nothing. A changed
        // role ends it too: the browser's new stream carries what the role now hears (an admin's queue).
        const still = await sessionUserOf(services, request).catch(() => user);
        if (still?.id !== user.id || still.role !== user.role) res.end();
      }, heartbeatMs);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      // A client that left while we counted has closed already: no "close" is coming.
      if (res.destroyed) end();
      else res.on("close", end);
    },
  );
};
