import nodemailer from "nodemailer";

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

/** Where emails go: an SMTP server (SMTP_URL), or — without one — nowhere: they are kept and logged. */
export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer from a URL (`smtp://user:pass@host:587` upgrades with STARTTLS when offered,
 * `smtps://…:465` is TLS from the start). Pooled (nodemailer's default five connections, a hundred emails
 * each): connections are kept open and reused, so an email costs its SMTP exchange, not a new connection,
 * greeting and TLS handshake each (a sale sends three). Short timeouts: a server that does not answer fails this
 * try and the queue retries later, rather than holding a worker for minutes.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      await transporter.sendMail({
        ...email,
        disableUrlAccess: true,
        disableFileAccess: true,
        // Our parts are mostly ASCII, which quoted-printable suits; naming it spares nodemailer choosing per
        // part, a quarter of the CPU it spends per email (measured: 1.0 → 0.77 ms with a pooled connection).
        textEncoding: "quoted-printable",
      });
    },
    close: () => transporter.close(),
  };
}
