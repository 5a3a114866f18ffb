import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../core/accounts/index.ts";
import { type Area, forbidden, mayEnter, mustTurnOnTwoFactor, twoFactorRequired } from "../../core/accounts/index.ts";
import { AppError } from "../../core/errors.ts";
import type { Services } from "../services.ts";
import { sessionUserOf } from "./session-cookies.ts";

/**
 * Every API operation that needs an account calls this: 401 without a session, 403 for a wrong role, and
 * 403 (code two_factor_required) for an admin who must turn two-factor on first (ADMIN_TWO_FACTOR).
 */
export async function requireUser(
  services: Services,
  request: FastifyRequest,
  area: Area = "signed-in",
): Promise<SessionUser> {
  const user = await sessionUserOf(services, request);
  if (!user) throw new AppError("UNAUTHENTICATED", "Please log in first.");
  if (!mayEnter(user, area)) throw forbidden();
  if (mustTurnOnTwoFactor(user, area, services.accounts.twoFactor.adminPolicy)) throw twoFactorRequired();
  return user;
}
