import type { Role } from "../../schemas/values.ts";
import { createUser } from "../../seed/factories.ts";
import { client } from "./http.ts";
import type { TestApp } from "./test-app.ts";

let made = 0;

/**
 * A new account (the demo password), signed in: its row, a client that keeps its session, and that session's
 * cookie for requests from outside the client (a second app process, a stream opened with fetch).
 */
export async function signedInPerson(t: TestApp, role: Role = "user") {
  const n = ++made;
  const email = `person${n}@x.test`;
  const user = await createUser(t, { name: `Person ${n}`, email, role });
  const http = client(t);
  await http.signIn(email);
  return { user, http, email, cookie: http.cookie() };
}
export type Person = Awaited<ReturnType<typeof signedInPerson>>;
