import { isUuid } from "../../db/errors.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import { AppError } from "../errors.ts";

/** What someone who is not one of a conversation's two people is told: it does not exist, for them. */
export const conversationNotFound = () => new AppError("NOT_FOUND", M.notFound);

/**
 * A page's form or a link may carry any id. One that is no UUID is no conversation's: refused before any
 * statement (PostgreSQL would reject the cast) and before any limit is spent.
 */
export function assertConversationId(id: string): void {
  if (!isUuid(id)) throw conversationNotFound();
}
