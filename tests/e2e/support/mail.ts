/** The browser tests' mail server (tests/e2e/support/mail-server.ts): SMTP for the app, HTTP for the tests. */
const base = Number(process.env.E2E_PORT ?? 3210);
export const MAIL_SMTP_PORT = base + 88;
export const MAIL_HTTP_PORT = base + 87;
export const MAIL_HTTP_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;
/** The mail server refuses this address for good (550), so its emails fail: Email delivery shows them. */
export const REFUSED_ADDRESS = "refused@e2e.test";

export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
}

/** The last email with this subject for this address, waiting up to `timeoutMs` (the job queue delivers it). */
export async function lastMailTo(address: string, subject: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${MAIL_HTTP_URL}/last?${new URLSearchParams({ to: address, subject })}`);
    if (res.status === 200) return (await res.json()) as ReceivedMail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email for ${address} within ${timeoutMs} ms`);
}

/** The first link in an email's text that starts with this URL prefix. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no ${prefix} link in "${mail.subject}"`);
  return found;
}
