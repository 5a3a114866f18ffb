import { data } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { mustTurnOnTwoFactor, qrPath } from "../../core/accounts/index.ts";
import { TWO_FACTOR_MESSAGES as M, twoFactorConfirmSchema, twoFactorPasswordSchema } from "../../schemas/two-factor.ts";
import { RouteError } from "../components/route-error.tsx";
import { type TwoFactorAnswer, TwoFactorSection } from "../components/two-factor.tsx";
import { appendCookies, carryCookies } from "../lib/cookies.ts";
import { appErrorData, passRetryAfter, validateForm } from "../lib/forms.server.ts";
import { authHeaders, requireUser } from "../lib/session.server.ts";
import { dataWithToast, redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-two-factor";

export const meta = () => [{ title: "Two-factor authentication — ReLaptop" }];

/**
 * Two-factor authentication on its own page: where the profile's section posts (app/components/two-factor.tsx),
 * and where an admin who must turn it on (ADMIN_TWO_FACTOR=required) is sent from every admin page. Anyone
 * signed in may use it: it is how an admin gets past that wall.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { services } = context.get(appContext);
  return {
    enabled: user.twoFactorEnabled,
    hasPassword: await services.accounts.profile.hasPassword(user),
    requiredForAdmin: mustTurnOnTwoFactor(user, "admin", services.accounts.twoFactor.adminPolicy),
  };
}

/** Five wrong passwords, then a wait: the 429 says how long (Retry-After). */
export const headers = passRetryAfter;

const intentSchema = z.enum(["start", "confirm", "off", "codes"]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data<TwoFactorAnswer>({ formError: "Choose what to do." }, { status: 400 });
  const { twoFactor } = context.get(appContext).services.accounts;
  const headers = authHeaders(request, context);
  if (intent.data === "confirm") {
    const setup = setupFrom(form.get("uri"));
    const parsed = validateForm(form, twoFactorConfirmSchema);
    // A wrong or missing code shows the same QR code again, to try once more.
    if (parsed.error) return data<TwoFactorAnswer>({ ...parsed.error.data, setup }, { status: 400 });
    try {
      const done = await twoFactor.confirm(user, parsed.value.code, headers);
      // The session was renewed with the account's new state: its cookie goes to the browser, and to this
      // page's loaders when they run in this request.
      carryCookies(request, done.headers);
      return dataWithToast(
        context,
        { backupCodes: done.backupCodes } satisfies TwoFactorAnswer,
        { type: "success", message: M.turnedOn },
        appendCookies(new Headers(), done.headers),
      );
    } catch (error) {
      const refused = appErrorData(error);
      return data<TwoFactorAnswer>({ ...refused.data, setup }, refused.init ?? undefined);
    }
  }
  const parsed = validateForm(form, twoFactorPasswordSchema);
  if (parsed.error) return parsed.error;
  const { password } = parsed.value;
  try {
    if (intent.data === "start") {
      const { uri, secret, qr } = await twoFactor.start(password, headers);
      return { setup: { uri, secret, qr } } satisfies TwoFactorAnswer;
    }
    if (intent.data === "codes") {
      const backupCodes = await twoFactor.newBackupCodes(password, headers);
      return dataWithToast(context, { backupCodes } satisfies TwoFactorAnswer, {
        type: "success",
        message: M.newCodes,
      });
    }
    const off = await twoFactor.turnOff(password, headers);
    return redirectWithToast(
      context,
      "/profile",
      { type: "success", message: M.turnedOff },
      appendCookies(new Headers(), off.headers),
    );
  } catch (error) {
    return appErrorData(error);
  }
}

/** The QR code again from the setup the form carried back (only an authenticator's otpauth://totp/ address). */
function setupFrom(value: FormDataEntryValue | null): TwoFactorAnswer["setup"] {
  const url = typeof value === "string" ? URL.parse(value) : null;
  const secret = url?.protocol === "otpauth:" && url.host === "totp" ? url.searchParams.get("secret") : null;
  if (!url || !secret) return undefined;
  return { uri: url.href, secret, qr: qrPath(url.href) };
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">Two-factor authentication</h1>
      {loaderData.requiredForAdmin && (
        <p className="alert alert-warning" role="status">
          {M.requiredForAdmin}
        </p>
      )}
      <TwoFactorSection enabled={loaderData.enabled} hasPassword={loaderData.hasPassword} answer={actionData} />
    </section>
  );
}

export const ErrorBoundary = RouteError;
