import http from "node:http";
import { startSmtpServer } from "../../support/smtp.ts";
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT, REFUSED_ADDRESS } from "./mail.ts";

/**
 * A real SMTP server on loopback for the browser tests (the app's SMTP_URL points here), and a tiny HTTP
 * endpoint for the tests to read what arrived: GET /last?to=address&subject=… answers the last email for
 * that address (with that subject, when given); 404 while there is none.
 */
const smtp = await startSmtpServer({ port: MAIL_SMTP_PORT, refuse: [REFUSED_ADDRESS] });

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${MAIL_HTTP_PORT}`);
    if (url.pathname === "/healthz") return res.end("ok");
    if (url.pathname !== "/last") return res.writeHead(404).end();
    const subject = url.searchParams.get("subject");
    const mail = smtp
      .to(url.searchParams.get("to") ?? "")
      .filter((m) => !subject || m.subject === subject)
      .at(-1);
    if (!mail) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ subject: mail.subject ?? "", text: mail.text ?? "", html: mail.html || "" }));
  })
  .listen(MAIL_HTTP_PORT, "127.0.0.1", () =>
    console.log(`mail server: SMTP ${MAIL_SMTP_PORT}, HTTP ${MAIL_HTTP_PORT}`),
  );
