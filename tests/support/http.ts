import type { TestApp } from "./test-app.ts";

/** A client that keeps the session cookie between calls, like a browser would. */
export function client(t: TestApp) {
  let cookie = "";
  async function call(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: { ...(cookie && { cookie }), ...headers },
    });
    const setCookie = res.headers["set-cookie"];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(";");
      if (!pair) continue;
      const [name] = pair.split("=");
      const rest = cookie.split("; ").filter((p) => p && !p.startsWith(`${name}=`));
      cookie = [...rest, pair].join("; ");
    }
    return res;
  }
  return {
    /** The cookies it holds now, for a caller that is not this client (fetch to a listening server). */
    cookie: () => cookie,
    get: (url: string, headers?: Record<string, string>) => call("GET", url, undefined, headers),
    /** Any method with a prepared body (multipart uploads). */
    raw: call,
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call("POST", url, payload ?? {}, headers),
    /** A form posted as a browser without JavaScript posts it: its fields url-encoded. */
    form: (url: string, fields: Record<string, string>) =>
      call("POST", url, new URLSearchParams(fields).toString(), {
        "content-type": "application/x-www-form-urlencoded",
      }),
    /**
     * A stream that does not end by itself (server-sent events): its status and headers, then hang up.
     * A refusal ends by itself: its body is read.
     */
    async open(url: string) {
      const res = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {}, payloadAsStream: true });
      const stream = res.stream();
      let body = "";
      if (res.statusCode === 200) stream.destroy();
      else for await (const chunk of stream) body += String(chunk);
      return { statusCode: res.statusCode, headers: res.headers, body };
    },
    async signIn(email: string, password = "Passw0rd!") {
      const res = await call("POST", "/api/auth/sign-in/email", { email, password });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return res;
    },
  };
}

/** A client of the test app (see `client`). */
export type Client = ReturnType<typeof client>;

/** Books the laptop over the API as `buyer` does, to meet at `meetingLocation`. */
export const bookToMeet = (buyer: Client, advertId: string, meetingLocation: string, phone = "01712345678") =>
  buyer.post("/api/orders", { advertId, meetingLocation, phone });
