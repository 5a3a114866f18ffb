import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  inboxQuery,
  inboxSchema,
  messageSchema,
  reportConversationSchema,
  sendMessageSchema,
  startConversationSchema,
  startedSchema,
  threadQuery,
  threadSchema,
  unreadMessagesSchema,
} from "../../schemas/conversations.ts";
import { reportedConversationListSchema, reportedListQuery } from "../../schemas/moderation.ts";
import { idParams } from "../../schemas/params.ts";
import { signedInActions } from "../http/actions.ts";
import { errorResponses } from "../http/errors.ts";
import { requireUser } from "../http/guard.ts";
import type { Services } from "../services.ts";

/**
 * Buyers' and sellers' conversations: private to their two people (anyone else, admins included, is told
 * one does not exist), except that admins read a conversation once it was reported.
 */
export const conversationsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["conversations"];
  const c = services.conversations;
  const action = signedInActions(app, services, tags);

  app.get(
    "/conversations",
    {
      schema: {
        tags,
        summary: "My conversations, newest activity first, in keyset pages",
        querystring: inboxQuery,
        response: { 200: inboxSchema, ...errorResponses },
      },
    },
    async (request) => c.inbox(await requireUser(services, request), request.query),
  );
  app.get(
    "/conversations/unread-count",
    {
      schema: {
        tags,
        summary: "My unread messages, all conversations together",
        response: { 200: unreadMessagesSchema, ...errorResponses },
      },
    },
    async (request) => ({ unread: await c.unreadCount(await requireUser(services, request)) }),
  );
  app.post(
    "/conversations",
    {
      schema: {
        tags,
        summary: "Message a laptop's seller: its one conversation with me (made on the first message)",
        body: startConversationSchema,
        response: { 201: startedSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await c.start(await requireUser(services, request), request.body)),
  );
  app.get(
    "/conversations/:id",
    {
      schema: {
        tags,
        summary: "A conversation, oldest to newest (reading it marks it read)",
        params: idParams,
        querystring: threadQuery,
        response: { 200: threadSchema, ...errorResponses },
      },
    },
    async (request) => c.open(await requireUser(services, request), request.params.id, request.query),
  );
  app.post(
    "/conversations/:id/messages",
    {
      schema: {
        tags,
        summary: "Write in a conversation of mine",
        params: idParams,
        body: sendMessageSchema,
        response: { 201: messageSchema.pick({ id: true, createdAt: true }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await c.send(await requireUser(services, request), request.params.id, request.body.body)),
  );
  // One address: posting blocks the other person, deleting lifts my block.
  action.post(
    "/conversations/:id/block",
    { summary: "Block the other person: no more messages either way" },
    (user, { id }) => c.block(user, id),
  );
  action.delete("/conversations/:id/block", { summary: "Lift my block of the other person" }, (user, { id }) =>
    c.unblock(user, id),
  );
  action.post(
    "/conversations/:id/report",
    {
      summary: "Report the conversation to admins (they may read it from then on)",
      body: reportConversationSchema,
      status: 201,
    },
    (user, { id }, { reason }) => c.report(user, id, reason),
  );
  app.get(
    "/reported-conversations",
    {
      schema: {
        tags,
        summary: "Conversations with open reports, most recently reported first (admin; pass `next` as `cursor`)",
        querystring: reportedListQuery,
        response: { 200: reportedConversationListSchema, ...errorResponses },
      },
    },
    async (request) => c.reported(await requireUser(services, request, "admin"), { cursor: request.query.cursor }),
  );
  action.post(
    "/reported-conversations/:id/dismissal",
    { summary: "Dismiss a conversation's open reports (admin)", area: "admin" },
    (admin, { id }) => c.dismiss(admin, id),
  );
};
