import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback (smtp-server), keeping what arrives parsed (mailparser). It can be
 * stopped and started again on the same port, as a mail server that goes down and comes back. Addresses
 * in `refuse` are refused for good (550). `port`: a fixed one (the browser tests' mail server), else any free.
 */
export async function startSmtpServer({ refuse = [] as string[], port: fixedPort = 0 } = {}) {
  const received: ParsedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // Stopping is a server going down: the app's pooled connections are cut at once, not waited for.
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        if (auth.username === "relaptop" && auth.password === "secret") return callback(null, { user: "relaptop" });
        callback(new Error("Invalid username or password"));
      },
      onRcptTo(address, _session, callback) {
        if (refuse.includes(address.address)) {
          return callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
    });
  let server = make();
  const port = await listen(server, fixedPort);
  let running = true;
  return {
    port,
    url: `smtp://relaptop:secret@127.0.0.1:${port}`,
    received,
    /** What arrived for this address. */
    to: (address: string) => received.filter((m) => [m.to].flat().some((t) => t?.text.includes(address))),
    async stop() {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      if (running) return;
      server = make();
      await listen(server, port);
      running = true;
    },
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
