import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  inboxQuery,
  inboxSchema,
  messageSchema,
  reportConversationSchema,
  reportedConversationListSchema,
  reportedConversationsQuery,
  sendMessageSchema,
  startConversationSchema,
  startedSchema,
  threadQuery,
  threadSchema,
  unreadMessagesSchema,
} from "../../schemas/conversations.ts";
import { idParams } from "../../schemas/params.ts";
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
  app.post(
    "/conversations/:id/block",
    {
      schema: {
        tags,
        summary: "Block the other person: no more messages either way",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await c.block(await requireUser(services, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    "/conversations/:id/block",
    {
      schema: {
        tags,
        summary: "Lift my block of the other person",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await c.unblock(await requireUser(services, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/conversations/:id/report",
    {
      schema: {
        tags,
        summary: "Report the conversation to admins (they may read it from then on)",
        params: idParams,
        body: reportConversationSchema,
        response: { 201: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await c.report(await requireUser(services, request), request.params.id, request.body.reason);
      return reply.status(201).send(null);
    },
  );
  app.get(
    "/reported-conversations",
    {
      schema: {
        tags,
        summary: "Conversations with open reports, most recently reported first (admin; pass `next` as `cursor`)",
        querystring: reportedConversationsQuery,
        response: { 200: reportedConversationListSchema, ...errorResponses },
      },
    },
    async (request) => c.reported(await requireUser(services, request, "admin"), { cursor: request.query.cursor }),
  );
  app.post(
    "/reported-conversations/:id/dismissal",
    {
      schema: {
        tags,
        summary: "Dismiss a conversation's open reports (admin)",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await c.dismiss(await requireUser(services, request, "admin"), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
