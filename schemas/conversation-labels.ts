/**
 * What every signed-in page says about messages, without zod: the top bar's Messages link is on every
 * page, and the validation library must not ride along into every page's JavaScript (the budget test).
 */

import { CATALOGUE_MESSAGES } from "./messages.ts";

/** The live stream's event for conversations: `event: messages`, `data: {"unread":2,"conversationId":"…"}`. */
export const MESSAGES_EVENT = "messages";

export interface MessagesUpdate {
  /** The person's unread messages, all conversations together. */
  unread: number;
  /** The conversation that changed (a message, a reading, a block). */
  conversationId: string;
}

/** The top bar's Messages link, by its accessible name. */
export const messagesLabel = (unread: number) => (unread > 0 ? `Messages, ${unread} unread` : "Messages");

export const MESSAGE_MAX_LENGTH = 2000;

export const CONVERSATION_MESSAGES = {
  empty: "Write a message first.",
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`,
  blocked: "You can no longer message this person.",
  deleted: "This account has been deleted: it can no longer send or receive messages.",
  notFound: "This conversation does not exist.",
  laptopNotFound: CATALOGUE_MESSAGES.laptopNotFound,
  ownLaptop: "You cannot message yourself about your own laptop.",
  admins: "Admins cannot start conversations.",
  alreadyReported: "You have already reported this conversation.",
  privacy: "Only the two of you read this conversation; admins only if one of you reports it.",
} as const;
