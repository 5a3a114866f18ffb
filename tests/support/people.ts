import type { Role } from "../../schemas/values.ts";
import { createUser } from "../../seed/factories.ts";
import { type Client, client } from "./http.ts";
import type { TestApp } from "./test-app.ts";

type NewAccount = Parameters<typeof createUser>[1];
type Account = Awaited<ReturnType<typeof createUser>>;

/** A client signed in as an account that exists (with the demo password unless given). */
export async function signedInClient(t: TestApp, email: string, password?: string) {
  const http = client(t);
  await http.signIn(email, password);
  return http;
}

/**
 * A new account (the demo password) as described, signed in: its row, a client that keeps its session, and that
 * session's cookie for requests from outside the client (a second app process, a stream opened with fetch).
 */
export async function signedInAccount(t: TestApp, account: NewAccount) {
  const user = await createUser(t, account);
  const http = await signedInClient(t, account.email, account.password);
  return { user, http, email: account.email, cookie: http.cookie() };
}

let made = 0;

/** A new account of this role, named and addressed after how many the run has made. */
export async function signedInPerson(t: TestApp, role: Role = "user") {
  const n = ++made;
  return signedInAccount(t, { name: `Person ${n}`, email: `person${n}@x.test`, role });
}
export type Person = Awaited<ReturnType<typeof signedInPerson>>;

/** These new accounts, made in the order given and each signed in: their rows and their clients, by key. */
export async function signedInAccounts<K extends string>(t: TestApp, accounts: Record<K, NewAccount>) {
  const users = {} as Record<K, Account>;
  const clients = {} as Record<K, Client>;
  for (const key of Object.keys(accounts) as K[]) {
    const { user, http } = await signedInAccount(t, accounts[key]);
    users[key] = user;
    clients[key] = http;
  }
  return { users, clients };
}

type CastMember = "sam" | "rafi" | "bea" | "ada" | "stan";
/** The people the tests sign in as, by their address's local part (sam@x.test). */
const CAST: Record<CastMember, { name: string; role: Role }> = {
  sam: { name: "Sam Seller", role: "seller" },
  rafi: { name: "Rafi Reseller", role: "seller" },
  bea: { name: "Bea Buyer", role: "user" },
  ada: { name: "Ada", role: "admin" },
  stan: { name: "Stan", role: "user" },
};

/** These people of the cast, made in the order given and each signed in (as signedInAccounts). */
export function signedInCast<K extends CastMember>(t: TestApp, ...who: K[]) {
  const accounts = {} as Record<K, NewAccount>;
  for (const key of who) accounts[key] = { ...CAST[key], email: `${key}@x.test` };
  return signedInAccounts(t, accounts);
}

/** Clients signed in as these existing accounts (the demo password), by key, and `anonymous`, signed in as nobody. */
export async function signedInClients<K extends string>(t: TestApp, emails: Record<K, string>) {
  const clients = { anonymous: client(t) } as Record<K | "anonymous", Client>;
  for (const key of Object.keys(emails) as K[]) clients[key] = await signedInClient(t, emails[key]);
  return clients;
}
