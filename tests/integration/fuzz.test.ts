import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * Malformed paths, queries and bodies sent to every operation of the OpenAPI document and to every page
 * route, as a visitor, a seller and an admin: each must be answered with a 4xx (or a success), never a 5xx,
 * and the API's refusals in its error shape.
 */

type Method = "GET" | "POST" | "PUT" | "DELETE";
interface Operation {
  method: Method;
  path: string;
  query: string[];
  body?: string;
}

/** A JSON Schema as the OpenAPI document gives a request body and its properties. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

let t: TestApp;
let as: Record<"visitor" | "seller" | "admin", Client>;
let operations: Operation[];
/** Each JSON body's fields and the kinds of value each takes ("string", "number", …), by operation. */
let jsonFields: { op: Operation; fields: Record<string, Set<string>> }[];
beforeAll(async () => {
  t = await startPageApp();
  // As in production, the job queue is running: some operations queue their work in their own transaction
  // (Download my data).
  await t.services.jobs.start();
  await createBrand(t, "Fuzz");
  await createUser(t, { name: "Sol Seller", email: "sol@x.test", role: "seller", verified: true });
  await createUser(t, { name: "Ada Admin", email: "ada@x.test", role: "admin" });
  as = { visitor: client(t), seller: client(t), admin: client(t) };
  await as.seller.signIn("sol@x.test");
  await as.admin.signIn("ada@x.test");
  const doc = (await as.visitor.get("/api/openapi.json")).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split("/").at(-1) ?? ""] ?? {}) : schema;
  /** The kinds of value a schema takes, through references and unions. */
  const kinds = (schema: JsonSchema): string[] => {
    const s = resolve(schema);
    const own = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    return [...own, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(kinds)];
  };
  /** A body's properties, through references, intersections and unions (a booking's meeting or shipping). */
  const properties = (schema: JsonSchema): [string, JsonSchema][] => {
    const s = resolve(schema);
    return [
      ...Object.entries(s.properties ?? {}),
      ...[...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])].flatMap(properties),
    ];
  };
  operations = [];
  jsonFields = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(ops)) {
      const op: Operation = {
        method: method.toUpperCase() as Method,
        path,
        query: (spec.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        body: Object.keys(spec.requestBody?.content ?? {})[0],
      };
      operations.push(op);
      const json = spec.requestBody?.content["application/json"]?.schema;
      if (json) {
        const fields: Record<string, Set<string>> = {};
        for (const [name, field] of properties(json))
          fields[name] = new Set([...(fields[name] ?? []), ...kinds(field)]);
        jsonFields.push({ op, fields });
      }
    }
  }
}, 120_000);
afterAll(() => closePageApp(t));

/** Path segments no route expects: raw bytes, the wrong shape, too long, broken percent-encoding. */
const BAD_SEGMENTS = [
  "%00",
  "a%00b",
  "not-a-uuid",
  "x".repeat(3000),
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%C0%AF",
  "..%2F..",
  "%0D%0A",
];
const BAD_QUERY_VALUES = ["%00", "x".repeat(20_000), "%ZZ", "-1e309", "[]", "%EF%BF%BF"];
const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const JSON_BODIES = [
  '{"email": ',
  deep(100_000),
  `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
  "null",
  "[]",
  '"text"',
  JSON.stringify({ email: 1, password: [], name: {}, advertId: true, reason: null, details: 7, phone: [1] }),
  JSON.stringify({ email: "x".repeat(500_000), password: "x".repeat(100_000), advertId: "x".repeat(100_000) }),
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
];
/** Nothing a reader would see: spaces, zero-width and bidi characters, a soft hyphen, fillers, a variation selector. */
const BLANK = " \u200B\u200C\u200D\u2060\uFEFF\u202E\u2066\u2069\u00AD\u3164\u2800\uFE0F ";
/** What a JSON number must not be read from. */
const NOT_NUMBERS: unknown[] = ["3", "", true, [3], { value: 3 }];
const boundary = "----fuzz";
const MULTIPART_BODIES = [
  `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated`,
  `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\n\r\nnot a png\r\n--${boundary}--\r\n`,
  "no boundary at all",
];

const failures: string[] = [];
/** Server-sent events never end by themselves: they are opened, checked and hung up on. */
const STREAM = /^\/api\/notifications\/stream(\?|$)/;

async function opened(who: Client, url: string) {
  const res = await who.open(url);
  return { ...res, json: () => JSON.parse(res.body) };
}

async function send(who: Client, label: string, method: string, url: string, body?: string, type?: string) {
  const res =
    method === "GET" && STREAM.test(url)
      ? await opened(who, url)
      : await who.raw(method as Method, url, body, type ? { "content-type": type } : {});
  const where = `${label} ${method} ${url.slice(0, 120)} ${type ?? ""} ${(body ?? "").slice(0, 40)}`;
  if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
  if (url.startsWith("/api/") && res.statusCode >= 400) {
    const shape = res.headers["content-type"]?.includes("json") ? res.json() : null;
    if (typeof shape?.code !== "string" || typeof shape?.message !== "string") {
      failures.push(`shape ${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
    }
  }
  return res;
}

/** What the pages' forms say they do (their `intent` fields). */
const PAGE_INTENTS = [
  ["advertise", "unadvertise", "delete", "update", "create", "rename", "alerts", "save", "unsave"],
  ["send", "block", "unblock", "report", "answer", "cancel", "receipt", "verify", "unverify"],
  ["dismiss", "remove", "dismiss-conversation", "approve", "reject", "name", "password", "emails", "resend"],
  ["email-link", "use-link"],
].flat();

/** Every signed-in client but for signing out, which would end the session the rest relies on. */
const clientsFor = (path: string) =>
  Object.entries(as).filter(([label]) => label === "visitor" || path !== "/api/auth/sign-out");

function pagePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((r) => {
    const path = r.path ? `${parent}/${r.path}` : parent || "/";
    return [path, ...pagePaths(r.children ?? [], r.path ? path : parent)];
  });
}

describe("malformed requests are answered with a 4xx, never a 5xx", () => {
  it("every API operation, with malformed paths, queries and bodies", async () => {
    for (const op of operations) {
      for (const [label, who] of clientsFor(op.path)) {
        const params = op.path.match(/\{\w+\}/g) ?? [];
        const paths = params.length
          ? BAD_SEGMENTS.map((s) => op.path.replace(/\{\w+\}/g, s))
          : [op.path, `${op.path}%00`, `${op.path}/${"x".repeat(3000)}`];
        for (const url of paths)
          await send(who, label, op.method, url, op.body ? "{}" : undefined, op.body && "application/json");
        const path = op.path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");
        for (const value of BAD_QUERY_VALUES) {
          const query = op.query.length ? op.query : ["q"];
          await send(who, label, op.method, `${path}?${query.map((q) => `${q}=${value}&${q}=${value}`).join("&")}`);
        }
        if (op.method === "GET" || op.method === "DELETE") continue;
        for (const body of JSON_BODIES) await send(who, label, op.method, path, body, "application/json");
        for (const body of MULTIPART_BODIES) {
          await send(who, label, op.method, path, body, `multipart/form-data; boundary=${boundary}`);
        }
        await send(who, label, op.method, path, "a=%ZZ&b", "application/x-www-form-urlencoded");
        await send(who, label, op.method, path, "<x/>", "text/xml");
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("every page route, with malformed paths and form bodies", async () => {
    for (const route of pagePaths(routes)) {
      const urls = route.includes(":")
        ? BAD_SEGMENTS.map((s) => route.replace(/:\w+/g, s))
        : [route, `${route}?redirectTo=%ZZ&page=-1&q=%00&cursor=${"x".repeat(5000)}`];
      for (const [label, who] of Object.entries(as)) {
        for (const url of urls.map((u) => u.replace("/*", "/%00"))) {
          await send(who, label, "GET", url);
          await send(who, label, "GET", `${url === "/" ? "/_root" : url}.data?_routes=%ZZ`);
          await send(who, label, "POST", url, "a=%ZZ&intent=%00&b", "application/x-www-form-urlencoded");
          await send(who, label, "POST", url, '{"intent":', "application/json");
          await send(who, label, "POST", url, MULTIPART_BODIES[0], `multipart/form-data; boundary=${boundary}`);
          await send(who, label, "POST", url);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("every intent of the pages' forms, with ids that are no thing's", async () => {
    // The fields the forms name things by (a form's other fields are filled in, so only the ids are wrong).
    const ids = ["advertId", "brandId", "orderId", "userId", "conversationId", "emailId", "favourite"];
    const filled = { body: "Is it still for sale?", reason: "Not a real laptop.", name: "Renamed", rating: "5" };
    for (const route of pagePaths(routes).filter((r) => r !== "/*")) {
      const url = route.replace(/:\w+/g, "not-an-id");
      for (const [label, who] of Object.entries(as).filter(([label]) => label !== "visitor")) {
        // A page without a form answers every post 405: nothing more to try there.
        if (
          (await who.raw("POST", url, "", { "content-type": "application/x-www-form-urlencoded" })).statusCode === 405
        ) {
          continue;
        }
        for (const intent of PAGE_INTENTS) {
          for (const named of [ids, [...ids, "reviewId"]]) {
            const form = new URLSearchParams({ intent, mode: "user", ...filled });
            for (const field of named) form.set(field, "not-an-id");
            await send(who, label, "POST", url, form.toString(), "application/x-www-form-urlencoded");
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("every JSON body: text of nothing visible is answered as empty text; a number is a JSON number, never coerced", async () => {
    const nowhere = (path: string) => path.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000");
    /** Fields with a format of their own (secrets, addresses, codes, ids): refused for that, blank or not. */
    const FORMATTED = /password|email|token|url|^id$|Id$|phone|cardNumber|expiry|cvc|attemptKey|provider|kind/i;
    const tried = { text: new Set<string>(), numbers: new Set<string>() };
    for (const { op, fields } of jsonFields) {
      if (op.path === "/api/auth/sign-out") continue;
      const url = nowhere(op.path);
      const answer = (body: Record<string, unknown>) =>
        send(as.seller, "seller", op.method, url, JSON.stringify(body), "application/json");
      for (const [field, types] of Object.entries(fields)) {
        const where = `${op.method} ${op.path} ${field}`;
        if (types.has("string") && !FORMATTED.test(field)) {
          tried.text.add(field);
          const empty = await answer({ [field]: "" });
          const blank = await answer({ [field]: BLANK });
          const said = (res: typeof empty) =>
            res.headers["content-type"]?.includes("json") ? res.json().fields?.[field] : undefined;
          // The same word on the field; and when that word refused it, the same status. (Accepted, the two
          // may differ for other reasons: a saved search's "any" saved twice is a duplicate.)
          if (said(blank) !== said(empty) || (said(empty) !== undefined && blank.statusCode !== empty.statusCode)) {
            failures.push(
              `blank ${where}: ${blank.statusCode} ${said(blank)} where empty is ${empty.statusCode} ${said(empty)}`,
            );
          }
        }
        if ((types.has("number") || types.has("integer")) && !types.has("string")) {
          tried.numbers.add(field);
          for (const value of NOT_NUMBERS) {
            const res = await answer({ [field]: value });
            const named = res.statusCode === 400 && res.json().fields?.[field];
            if (!named)
              failures.push(`${JSON.stringify(value)} for ${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // What the rules are about was reached: the texts people write, and the numbers a client sends.
    for (const field of ["body", "answer", "details", "reason", "name", "meetingLocation", "q"]) {
      expect(tried.text, field).toContain(field);
    }
    for (const field of ["rating", "minPrice", "maxPrice", "minRam", "tier", "minScreen"]) {
      expect(tried.numbers, field).toContain(field);
    }
  }, 120_000);

  it("methods no route answers", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "CONNECT", "PATCH", "OPTIONS"]) {
      for (const url of ["/", "/login", "/api/adverts", "/healthz"]) {
        const res = await as.visitor.raw(method as Method, url);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });

  it("the cases that answered 500: deep JSON on sign-in, NUL in a path, a report id that is not a UUID", async () => {
    const deepSignIn = await as.visitor.raw("POST", "/api/auth/sign-in/email", deep(100_000), {
      "content-type": "application/json",
    });
    expect(deepSignIn.statusCode).toBe(400);
    expect(deepSignIn.json().code).toEqual(expect.any(String));
    expect((await as.visitor.get("/sellers/%00")).statusCode).toBe(400);
    expect((await as.admin.get("/api/users/%00/orders")).statusCode).toBe(400);
    const dismissal = await as.admin.post("/api/reports/not-a-uuid/dismissal");
    expect(dismissal.statusCode).toBe(400);
    expect(dismissal.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { advertId: expect.any(String) } });
  });
});
