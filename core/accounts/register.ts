import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { SignUpInput } from "../../schemas/accounts.ts";
import type { Auth } from "./auth.ts";
import { call } from "./auth-errors.ts";
import type { Role } from "./roles.ts";
import type { AuthResult } from "./sign-in.ts";

/**
 * Creates a buyer (role user) or a seller (verified false, acting as a seller) and signs them in; `user` is who
 * it is (for what sign-up carries, like a heart pressed as a visitor).
 */
export async function register(
  db: Db,
  auth: Auth,
  input: SignUpInput & { as: "user" | "seller" },
  headers: Headers,
): Promise<AuthResult & { user: { id: string; role: Role } }> {
  const result = await call(() =>
    auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    }),
  );
  if (input.as === "seller") {
    await db
      .update(users)
      .set({ role: "seller", verified: false, actingAsSeller: true })
      .where(eq(users.id, result.response.user.id));
  }
  return { headers: result.headers, user: { id: result.response.user.id, role: input.as } };
}
