import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { PassThrough } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestLine, type RequestLine, servedInLine } from "../../server/http/request-line.ts";

/** A server whose /work/:name handlers wait until the test lets them finish, recording the order they started. */
async function serverInLine(atOnce: number) {
  const line = createRequestLine(atOnce);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const app = Fastify();
  const inLine = servedInLine(line);
  app.addHook("preHandler", inLine.preHandler);
  app.addHook("onSend", inLine.onSend);
  app.get<{ Params: { name: string } }>("/work/:name", async (request) => {
    started.push(request.params.name);
    await new Promise<void>((resolve) => finish.set(request.params.name, resolve));
    return { done: request.params.name };
  });
  // Reads its password when told, waits on work off the thread (as its hash), then as /work does.
  app.get<{ Params: { name: string } }>("/aside/:name", async (request) => {
    const { name } = request.params;
    started.push(name);
    await new Promise<void>((resolve) => finish.set(`${name}'s password`, resolve));
    await line.stepAside(() => new Promise<void>((resolve) => finish.set(`${name}'s hash`, resolve)));
    await new Promise<void>((resolve) => finish.set(name, resolve));
    return { done: name };
  });
  // Waits on a provider over the network (answered when told), then answers.
  const provider = line.stepsAsideFor({
    name: "stripe",
    sign: (text: string) => `signed ${text}`,
    charge: (name: string) => new Promise<string>((resolve) => finish.set(`${name}'s charge`, () => resolve("ch_1"))),
  });
  app.get<{ Params: { name: string } }>("/charge/:name", async (request) => {
    started.push(request.params.name);
    return { done: await provider.charge(request.params.name) };
  });
  // A download its reader takes slowly: the answer is ready at once, its bytes come when the test writes them.
  const download = new PassThrough();
  app.get("/download", async (_request, reply) => {
    started.push("download");
    return reply.header("content-type", "application/zip").send(download);
  });
  app.get("/stream", { config: { longLived: true } }, async () => ({ stream: true }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  unfinished = finish;
  const port = (app.server.address() as AddressInfo).port;
  return { app, line, started, finish, port, provider, download };
}

/** A GET whose JSON answer is read to the end; `abort` drops its connection instead. */
function get(port: number, path: string) {
  const request = http.get({ port, host: "127.0.0.1", path, agent: false });
  const body = new Promise<unknown>((resolve, reject) => {
    request.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk)).on("end", () => resolve(JSON.parse(text)));
    });
    request.on("error", reject);
  });
  body.catch(() => {});
  return { body, abort: () => request.destroy() };
}

/** Waits until `check` holds, the event loop turning between looks (at most 5 s). */
async function until(check: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("never happened");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let app: FastifyInstance | undefined;
let unfinished: Map<string, () => void> | undefined;
afterEach(async () => {
  for (const finish of unfinished?.values() ?? []) finish();
  await app?.close();
  app = undefined;
});

describe("requests served in line", () => {
  it("works on at most the number at once, and serves the rest in the order they came", async () => {
    const server = await serverInLine(2);
    app = server.app;
    const answers = ["a", "b", "c", "d"].map((name) => get(server.port, `/work/${name}`));
    await until(() => server.started.length === 2 && server.line.waiting === 2);
    expect(server.started).toEqual(["a", "b"]);

    server.finish.get("b")?.();
    expect(await answers[1]?.body).toEqual({ done: "b" });
    await until(() => server.started.length === 3);
    expect(server.started).toEqual(["a", "b", "c"]);

    server.finish.get("a")?.();
    await until(() => server.started.length === 4);
    server.finish.get("c")?.();
    server.finish.get("d")?.();
    expect(await Promise.all(answers.map((a) => a.body))).toEqual(["a", "b", "c", "d"].map((done) => ({ done })));
    await until(() => server.line.serving === 0);
  });

  it("a request whose client goes while it waits leaves the line and is never worked on", async () => {
    const server = await serverInLine(1);
    app = server.app;
    const first = get(server.port, "/work/first");
    await until(() => server.started.length === 1);
    const gone = get(server.port, "/work/gone");
    const third = get(server.port, "/work/third");
    await until(() => server.line.waiting === 2);
    gone.abort();
    await until(() => server.line.waiting === 1);

    server.finish.get("first")?.();
    await first.body;
    await until(() => server.started.length === 2);
    expect(server.started).toEqual(["first", "third"]);
    server.finish.get("third")?.();
    expect(await third.body).toEqual({ done: "third" });
    await until(() => server.line.serving === 0);
  });

  it("a turn is given on when its client goes mid-answer, so the line never stalls", async () => {
    const server = await serverInLine(1);
    app = server.app;
    const dropped = get(server.port, "/work/dropped");
    await until(() => server.started.length === 1);
    const next = get(server.port, "/work/next");
    await until(() => server.line.waiting === 1);
    dropped.abort();
    await until(() => server.started.length === 2);
    server.finish.get("next")?.();
    expect(await next.body).toEqual({ done: "next" });
  });

  it("while a request waits on work off the thread, the next in line is worked on; then the room closes again", async () => {
    const server = await serverInLine(1);
    app = server.app;
    const signIn = get(server.port, "/aside/sign-in");
    await until(() => server.finish.has("sign-in's password"));
    const other = get(server.port, "/work/other");
    await until(() => server.line.waiting === 1);
    server.finish.get("sign-in's password")?.();
    await until(() => server.started.includes("other"));
    const third = get(server.port, "/work/third");
    await until(() => server.line.waiting === 1);

    // The hash is done: two are in hand for a room of one, so the third waits for both.
    server.finish.get("sign-in's hash")?.();
    await until(() => server.finish.has("sign-in"));
    server.finish.get("other")?.();
    await other.body;
    expect(server.line.waiting).toBe(1);
    server.finish.get("sign-in")?.();
    await signIn.body;
    await until(() => server.started.includes("third"));
    server.finish.get("third")?.();
    expect(await third.body).toEqual({ done: "third" });
    await until(() => server.line.serving === 0);
  });

  it("a client over the network steps aside while its answers are awaited; its plain members are as they were", async () => {
    const server = await serverInLine(1);
    app = server.app;
    expect(server.provider.name).toBe("stripe");
    expect(server.provider.sign("this")).toBe("signed this");
    const paying = get(server.port, "/charge/buyer");
    await until(() => server.finish.has("buyer's charge"));
    const other = get(server.port, "/work/other");
    await until(() => server.started.includes("other"));
    server.finish.get("buyer's charge")?.();
    expect(await paying.body).toEqual({ done: "ch_1" });
    server.finish.get("other")?.();
    await other.body;
    await until(() => server.line.serving === 0);
  });

  it("work outside any request's turn (a job, an image served out of line) makes no room", async () => {
    const server = await serverInLine(1);
    app = server.app;
    const busy = get(server.port, "/work/busy");
    await until(() => server.started.length === 1);
    const next = get(server.port, "/work/next");
    await until(() => server.line.waiting === 1);
    const byAJob = server.provider.charge("job");
    let hashed = () => {};
    const hashForAJob = server.line.stepAside(() => new Promise<void>((resolve) => (hashed = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.started).toEqual(["busy"]);
    server.finish.get("job's charge")?.();
    hashed();
    await Promise.all([byAJob, hashForAJob]);
    server.finish.get("busy")?.();
    await busy.body;
    await until(() => server.started.includes("next"));
    server.finish.get("next")?.();
    await next.body;
  });

  it("a turn ends when the answer is ready: a slow reader of a download holds no place", async () => {
    const server = await serverInLine(1);
    app = server.app;
    const request = http.get({ port: server.port, host: "127.0.0.1", path: "/download", agent: false });
    request.on("error", () => {});
    await until(() => server.started.includes("download"));
    const next = get(server.port, "/work/next");
    await until(() => server.started.includes("next"));
    server.finish.get("next")?.();
    expect(await next.body).toEqual({ done: "next" });
    server.download.end("PK");
    request.destroy();
  });

  it("requests pipelined on a connection that closes give their turns back", async () => {
    const server = await serverInLine(2);
    app = server.app;
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(["a", "b", "c"].map((name) => `GET /work/${name} HTTP/1.1\r\nHost: x\r\n\r\n`).join(""));
    await until(() => server.started.length >= 1);
    socket.destroy();
    await until(() => server.line.serving === 0 && server.line.waiting === 0);
    const after = get(server.port, "/work/after");
    await until(() => server.started.includes("after"));
    server.finish.get("after")?.();
    expect(await after.body).toEqual({ done: "after" });
  });

  it("streams that stay open never wait in line", async () => {
    const server = await serverInLine(1);
    app = server.app;
    get(server.port, "/work/busy");
    await until(() => server.started.length === 1);
    expect(await get(server.port, "/stream").body).toEqual({ stream: true });
    server.finish.get("busy")?.();
  });

  it("a client gone before its request reached the line takes no place in it", async () => {
    const line: RequestLine = createRequestLine(1);
    const server = http.createServer();
    const closedAnswer = await new Promise<http.ServerResponse>((resolve) => {
      server.on("request", (_req, res) => res.once("close", () => resolve(res)));
      server.listen(0, "127.0.0.1", () => {
        const req = http.request({ port: (server.address() as AddressInfo).port, method: "POST" });
        req.on("error", () => {});
        req.write("part of a body");
        setTimeout(() => req.destroy(), 20);
      });
    });
    server.close();
    expect(await line.take({ raw: closedAnswer.req } as never, { raw: closedAnswer } as never)).toBe(false);
    expect(line.serving).toBe(0);
  });
});
