import { CONVERSATION_MESSAGES as M } from "../../schemas/conversation-labels.ts";
import { AppError } from "../errors.ts";

/** What someone who is not one of a conversation's two people is told: it does not exist, for them. */
export const conversationNotFound = () => new AppError("NOT_FOUND", M.notFound);
