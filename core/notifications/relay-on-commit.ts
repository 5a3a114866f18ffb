import type { Listener } from "../../db/listen.ts";
import type { Delivery } from "./delivery.ts";
import { CHANNELS } from "./notify.ts";

/**
 * Queues each email as soon as the transaction that wrote it commits: a relay per burst of commits (they come
 * many a second under load, so one relay gathers what a tenth of a second brought), never two at once in a
 * process, and none once stopping (what waits is relayed at the next start). A factory: it holds the relay in
 * hand and the timer.
 */
export function relayEmailsOnCommit(delivery: Delivery, listener: Listener) {
  let relaying: Promise<unknown> | undefined;
  let again = false;
  let gathering: NodeJS.Timeout | undefined;
  let stopping = false;
  let stopListening: (() => Promise<void>) | undefined;

  const relay = () => {
    if (stopping) return;
    if (relaying) {
      again = true;
      return;
    }
    relaying = delivery
      .relay()
      .catch((error: unknown) => console.error("email relay failed:", error))
      .finally(() => {
        relaying = undefined;
        if (again) {
          again = false;
          relay();
        }
      });
  };
  const relaySoon = () => {
    gathering ??= setTimeout(() => {
      gathering = undefined;
      relay();
    }, 100);
  };

  return {
    async start() {
      stopping = false;
      stopListening = await listener.on(CHANNELS.emailOutbox, relaySoon);
      relay(); // what was written while no process listened
    },
    /** A relay in hand queues its emails before the queue closes (and starts no other). */
    async stop() {
      await stopListening?.();
      stopListening = undefined;
      stopping = true;
      clearTimeout(gathering);
      gathering = undefined;
      await relaying;
    },
  };
}
