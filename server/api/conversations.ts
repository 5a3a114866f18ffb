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
import { signedInRoutes } from "../http/signed-in-routes.ts";
import type { Services } from "../services.ts";

/**
 * Buyers' and sellers' conversations: private to their two people (anyone else, admins included, is told
 * one does not exist), except that admins read a conversation once it was reported.
 */
export const conversationsApi: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const c = services.conversations;
  const signedIn = signedInRoutes(app, services, ["conversations"]);

  signedIn.get(
    "/conversations",
    {
      summary: "My conversations, newest activity first, in keyset pages",
      querystring: inboxQuery,
      reply: inboxSchema,
    },
    (user, { query }) => c.inbox(user, query),
  );
  signedIn.get(
    "/conversations/unread-count",
    { summary: "My unread messages, all conversations together", reply: unreadMessagesSchema },
    async (user) => ({ unread: await c.unreadCount(user) }),
  );
  signedIn.post(
    "/conversations",
    {
      summary: "Message a laptop's seller: its one conversation with me (made on the first message)",
      body: startConversationSchema,
      reply: startedSchema,
      status: 201,
    },
    (user, { body }) => c.start(user, body),
  );
  signedIn.get(
    "/conversations/:id",
    {
      summary: "A conversation, oldest to newest (reading it marks it read)",
      params: idParams,
      querystring: threadQuery,
      reply: threadSchema,
    },
    (user, { params, query }) => c.open(user, params.id, query),
  );
  signedIn.post(
    "/conversations/:id/messages",
    {
      summary: "Write in a conversation of mine",
      params: idParams,
      body: sendMessageSchema,
      reply: messageSchema.pick({ id: true, createdAt: true }),
      status: 201,
    },
    (user, { params, body }) => c.send(user, params.id, body.body),
  );
  // One address: posting blocks the other person, deleting lifts my block.
  signedIn.action.post(
    "/conversations/:id/block",
    { summary: "Block the other person: no more messages either way" },
    (user, { id }) => c.block(user, id),
  );
  signedIn.action.delete("/conversations/:id/block", { summary: "Lift my block of the other person" }, (user, { id }) =>
    c.unblock(user, id),
  );
  signedIn.action.post(
    "/conversations/:id/report",
    {
      summary: "Report the conversation to admins (they may read it from then on)",
      body: reportConversationSchema,
      status: 201,
    },
    (user, { id }, { reason }) => c.report(user, id, reason),
  );
  signedIn.get(
    "/reported-conversations",
    {
      summary: "Conversations with open reports, most recently reported first (admin; pass `next` as `cursor`)",
      area: "admin",
      querystring: reportedListQuery,
      reply: reportedConversationListSchema,
    },
    (admin, { query }) => c.reported(admin, { cursor: query.cursor }),
  );
  signedIn.action.post(
    "/reported-conversations/:id/dismissal",
    { summary: "Dismiss a conversation's open reports (admin)", area: "admin" },
    (admin, { id }) => c.dismiss(admin, id),
  );
};
