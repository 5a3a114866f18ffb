/** Whether a person's words end with their own stop (`.`, `!`, `?`, `…`), closing quotes or brackets aside. */
const ENDS_A_SENTENCE = /[.!?…]["'”’)\]]*$/;

/**
 * A person's words (a reason, a search's name) quoted at the end of one of our sentences, with its full stop —
 * unless their words end with their own: `Reason: “Two keys are missing.”`, not `“Two keys are missing.”.`
 * Every sentence that quotes someone and goes on writes it with this, on the pages, in notifications and emails.
 */
export function quotedThenStop(words: string): string {
  const trimmed = words.trim();
  return `“${trimmed}”${ENDS_A_SENTENCE.test(trimmed) ? "" : "."}`;
}
