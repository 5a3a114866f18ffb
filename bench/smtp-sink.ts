/**
 * An SMTP server on loopback that takes every message and counts it (parsing 10,000 would measure the parser),
 * in a process of its own: in the benchmark's process it would share one event loop with the load generator,
 * which then waits while emails are taken in, and the rate it measures falls for that reason alone.
 * `countingSmtpServer()` starts it (a forked child) and asks it for its count over the IPC channel.
 */
import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";

type Message = { port: number } | { count: number };

export async function countingSmtpServer() {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = () => new Promise<Message>((resolve) => child.once("message", (m) => resolve(m as Message)));
  const ready = await next();
  if (!("port" in ready)) throw new Error("the SMTP sink did not start");
  return {
    url: `smtp://127.0.0.1:${ready.port}`,
    /** Messages taken so far. */
    received: async () => {
      const answer = next();
      child.send("count");
      const m = await answer;
      return "count" in m ? m.count : Number.NaN;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (process.argv.includes("--serve")) {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 50, // the app keeps pooled connections open
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        count++;
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.server.address() as AddressInfo).port }));
  process.on("message", () => process.send?.({ count }));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
