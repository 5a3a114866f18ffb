import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestLine, type RequestLine, servedInLine } from "../../server/http/request-line.ts";

/** A server whose /work/:name handlers wait until the test lets them finish, recording the order they started. */
async function serverInLine(atOnce: number) {
  const line = createRequestLine(atOnce);
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const app = Fastify();
  app.addHook("preHandler", servedInLine(line));
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
  app.get("/stream", { config: { longLived: true } }, async () => ({ stream: true }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  unfinished = finish;
  const port = (app.server.address() as AddressInfo).port;
  return { app, line, started, finish, port };
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
    const line = createRequestLine(1);
    let answer = () => {};
    const provider = line.stepsAsideFor({
      name: "stripe",
      sign: (text: string) => `signed ${text}`,
      charge: () => new Promise<string>((resolve) => (answer = () => resolve("ch_1"))),
    });
    expect(provider.name).toBe("stripe");
    expect(provider.sign("this")).toBe("signed this");

    const inHand = new EventEmitter();
    const waiting = new EventEmitter();
    expect(line.take({ raw: Object.assign(inHand, { closed: false }) } as never)).toBe(true);
    const turn = line.take({ raw: Object.assign(waiting, { closed: false }) } as never);
    expect(line.waiting).toBe(1);
    const charged = provider.charge();
    expect(await turn).toBe(true);
    answer();
    expect(await charged).toBe("ch_1");
    expect(line.serving).toBe(2);
    inHand.emit("close");
    waiting.emit("close");
    expect(line.serving).toBe(0);
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
    expect(await line.take({ raw: closedAnswer } as never)).toBe(false);
    expect(line.serving).toBe(0);
  });
});
