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
  const exited = new Promise<never>((_, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the SMTP sink exited (code ${code})`)));
  });
  exited.catch(() => {}); // read by whoever waits on the sink, below
  /** The sink's next message — or its end, if it dies first (no wait forever). */
  const next = () =>
    Promise.race([new Promise<Message>((resolve) => child.once("message", (m) => resolve(m as Message))), exited]);
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
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited.catch(() => {});
    },
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
  // The benchmark ended without stopping it (it failed): go with it rather than hold the port.
  process.on("disconnect", () => process.exit(0));
}
