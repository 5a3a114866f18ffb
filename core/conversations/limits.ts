import type { createCounters } from "../accounts/index.ts";
import { tooManyRequests } from "../errors.ts";

type CounterFactory = ReturnType<typeof createCounters>;

/** At most `limit` in `windowMs`, per person (a fixed window, starting at the first). */
export interface MessageLimits {
  messages: { limit: number; windowMs: number };
  conversations: { limit: number; windowMs: number };
}

/** Enough for a lively chat and for asking about a handful of laptops; not for a spammer's script. */
export const DEFAULT_MESSAGE_LIMITS: MessageLimits = {
  messages: { limit: 30, windowMs: 60_000 },
  conversations: { limit: 10, windowMs: 60 * 60_000 },
};

const wait = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return seconds <= 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
};

/**
 * Counted in the shared store (PostgreSQL, or Redis with REDIS_URL) through rate-limiter-flexible
 * (core/accounts' counters, like the login throttle), so every app process counts the same messages. A refusal names the message field, so the page shows it
 * under the box and keeps what was typed; the wait goes with it (Retry-After).
 * A factory, not verbs: it holds its two counters, opened once on the shared store.
 */
export function createMessageLimits(counters: CounterFactory, limits = DEFAULT_MESSAGE_LIMITS) {
  const messages = counters("messages-sent", limits.messages.limit, limits.messages.windowMs);
  const started = counters("conversations-started", limits.conversations.limit, limits.conversations.windowMs);
  const refuse = (message: string, waitMs: number) => tooManyRequests(message, waitMs, { body: message });
  return {
    async message(userId: string) {
      const { count, msLeft } = await messages.add(userId);
      if (count > limits.messages.limit)
        throw refuse(
          `You can send at most ${limits.messages.limit} messages a minute. Wait ${wait(msLeft)} and send it again.`,
          msLeft,
        );
    },
    async newConversation(userId: string) {
      const { count, msLeft } = await started.add(userId);
      if (count > limits.conversations.limit)
        throw refuse(
          `You can start at most ${limits.conversations.limit} conversations an hour. Wait ${wait(msLeft)}, or write in one you have.`,
          msLeft,
        );
    },
  };
}

export type MessageLimiter = ReturnType<typeof createMessageLimits>;
