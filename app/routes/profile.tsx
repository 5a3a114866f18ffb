import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import {
  CHANGE_EMAIL_MESSAGES,
  emailChangeSchema,
  FRESH_SIGN_IN_MINUTES,
  passwordChangeSchema,
  passwordSetSchema,
  profileSchema,
  SIGN_IN_WAYS_MESSAGES,
} from "../../schemas/accounts.ts";
import { isSeller } from "../../schemas/roles.ts";
import { PasswordField } from "../components/account-fields.tsx";
import { CHANGE_EMAIL, ChangeEmailSection } from "../components/change-email.tsx";
import { DataExportSection } from "../components/data-export.tsx";
import { DeleteAccountSection } from "../components/delete-account.tsx";
import { EmailPreferencesForm } from "../components/email-preferences.tsx";
import { checkedForm, FormError, TextField } from "../components/form-field.tsx";
import { GoogleAccountSection } from "../components/google-account.tsx";
import { PasskeysSection } from "../components/passkeys.tsx";
import { RouteError } from "../components/route-error.tsx";
import { SignedInSessions } from "../components/signed-in-sessions.tsx";
import { START_SELLING_TEXT, StartSellingForm } from "../components/start-selling.tsx";
import { TwoFactorSection } from "../components/two-factor.tsx";
import { appendCookies, carryCookies } from "../lib/cookies.ts";
import { type ActionErrors, appErrorData, passRetryAfter, refusalFor, validateForm } from "../lib/forms.server.ts";
import { authHeaders, requireUser } from "../lib/session.server.ts";
import { isSessionIntent, loadSessions, sessionAction } from "../lib/signed-in-sessions.server.ts";
import { dataWithToast } from "../lib/toast.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { password: hasPassword, google } = await context.get(appContext).services.accounts.profile.signInWays(user);
  return {
    emailPreferences: await context.get(appContext).services.notifications.emailPreferences(user),
    sessions: await loadSessions(request, context, user),
    dataExport: await context.get(appContext).services.privacy.latestExport(user),
    name: user.name,
    email: user.email,
    role: user.role,
    verified: user.verified,
    actingAsSeller: user.actingAsSeller,
    hasPassword,
    google: { linked: google, enabled: context.get(appContext).googleEnabled },
    twoFactorEnabled: user.twoFactorEnabled,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (isSessionIntent(form.get("intent"))) return sessionAction(request, context, user, form);
  const intent = z.enum(["name", "password", "setPassword", "emails", "email"]).safeParse(form.get("intent"));
  const { services } = context.get(appContext);
  if (intent.data === "email") {
    // "Change email": the link to the new address, the notice to the old (core/accounts/change-email.ts). Its
    // answer names its section, so a refusal posted without JavaScript shows there, with the address typed.
    const parsed = validateForm(form, emailChangeSchema);
    if (parsed.error) return refusalFor(CHANGE_EMAIL, parsed.error);
    try {
      const { email } = await services.accounts.profile.requestEmailChange(
        user,
        parsed.value,
        authHeaders(request, context),
      );
      return dataWithToast(
        context,
        { sent: email, item: CHANGE_EMAIL },
        { type: "success", message: CHANGE_EMAIL_MESSAGES.sent(email) },
      );
    } catch (error) {
      return refusalFor(CHANGE_EMAIL, appErrorData(error, form));
    }
  }
  if (intent.data === "emails") {
    // Every kind listed is set: a checkbox left unticked is not sent at all.
    const wanted = new Set(form.getAll("email").map(String));
    for (const { kind } of await services.notifications.emailPreferences(user)) {
      await services.notifications.setEmailPreference(user, kind, wanted.has(kind));
    }
    return dataWithToast(
      context,
      { ok: "emails" as const },
      { type: "success", message: "Your email choices are saved." },
    );
  }
  if (intent.data === "name") {
    const parsed = validateForm(form, profileSchema);
    if (parsed.error) return parsed.error;
    await services.accounts.profile.rename(user, parsed.value.name);
    return dataWithToast(context, { ok: "name" as const }, { type: "success", message: "Your name is updated." });
  }
  if (intent.data === "setPassword") {
    const parsed = validateForm(form, passwordSetSchema);
    if (parsed.error) return parsed.error;
    try {
      await services.accounts.profile.setPassword(user, parsed.value.newPassword, authHeaders(request, context));
    } catch (error) {
      return appErrorData(error, form);
    }
    return dataWithToast(
      context,
      { ok: "passwordSet" as const },
      { type: "success", message: SIGN_IN_WAYS_MESSAGES.passwordSet },
    );
  }
  const parsed = validateForm(form, passwordChangeSchema);
  if (parsed.error) return parsed.error;
  try {
    const { headers } = await services.accounts.changePassword(parsed.value, authHeaders(request, context));
    // The session is renewed (other sessions end): pass the new cookie on, to the browser and to this page's
    // loaders when they run in this request (posted without JavaScript).
    carryCookies(request, headers);
    return dataWithToast(
      context,
      { ok: "password" as const },
      { type: "success", message: "Your password is changed." },
      appendCookies(new Headers(), headers),
    );
  } catch (error) {
    // The identity provider's words for a wrong current password belong under that field.
    if (isAppError(error) && (error.status === 400 || error.status === 401)) {
      return data<ActionErrors>({ fields: { currentPassword: error.message } }, { status: 400 });
    }
    return appErrorData(error);
  }
}

// Change password waits its turn for the hashes: a full line's 503 says when to come back.
export const headers = passRetryAfter;

export const meta = () => [{ title: "Profile — ReLaptop" }];

const ROLE_LABELS = { user: "Buyer", seller: "Seller", admin: "Admin" } as const;

export default function Profile({ loaderData: me, actionData }: Route.ComponentProps) {
  const nameForm = useValidatedForm(
    profileSchema,
    actionData && "fields" in actionData && actionData.fields?.name ? actionData : null,
  );
  const passwordForm = useValidatedForm(
    me.hasPassword ? passwordChangeSchema : passwordSetSchema,
    actionData && ("fields" in actionData || "formError" in actionData) && !actionData.fields?.name && !actionData.item
      ? actionData
      : null,
  );
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">Profile</h1>
        <p className="mt-2">
          {me.email} · {ROLE_LABELS[me.role]}
          {isSeller(me) && (me.verified ? " (verified)" : " (not verified yet)")}
          {isSeller(me) && !me.actingAsSeller && " · acting as a user"}
        </p>
      </div>
      <Form {...checkedForm(nameForm)} className="flex flex-col gap-3" aria-label="Display name">
        <h2 className="text-xl font-semibold">Display name</h2>
        <input type="hidden" name="intent" value="name" />
        <TextField label="Name" name="name" defaultValue={me.name} error={nameForm.errors.name} />
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          Save name
        </button>
      </Form>
      <Form {...checkedForm(passwordForm)} className="flex flex-col gap-3" aria-label="Password">
        <h2 className="text-xl font-semibold">Password</h2>
        <FormError message={passwordForm.formError} />
        {me.hasPassword ? (
          <>
            <input type="hidden" name="intent" value="password" />
            <PasswordField
              label="Current password"
              name="currentPassword"
              kind="current"
              error={passwordForm.errors.currentPassword}
            />
            <PasswordField label="New password" name="newPassword" kind="new" error={passwordForm.errors.newPassword} />
            <button type="submit" className="btn btn-primary self-start" disabled={busy}>
              Change password
            </button>
          </>
        ) : (
          <>
            <p>
              Your account has no password: you sign in with Google. Set one, and you can also log in with {me.email}{" "}
              and that password. For your safety, you must have signed in within the last {FRESH_SIGN_IN_MINUTES}{" "}
              minutes.
            </p>
            <input type="hidden" name="intent" value="setPassword" />
            <PasswordField label="New password" name="newPassword" kind="new" error={passwordForm.errors.newPassword} />
            <button type="submit" className="btn btn-primary self-start" disabled={busy}>
              Set password
            </button>
          </>
        )}
      </Form>
      <GoogleAccountSection
        email={me.email}
        linked={me.google.linked}
        enabled={me.google.enabled}
        hasPassword={me.hasPassword}
      />
      <ChangeEmailSection email={me.email} hasPassword={me.hasPassword} />
      <PasskeysSection />
      <TwoFactorSection enabled={me.twoFactorEnabled} hasPassword={me.hasPassword} />
      <SignedInSessions sessions={me.sessions} />
      <EmailPreferencesForm
        preferences={me.emailPreferences}
        saved={actionData !== undefined && "ok" in actionData && actionData.ok === "emails"}
      />
      {me.role === "user" && (
        <section aria-labelledby="selling-heading" className="flex flex-col items-start gap-3">
          <h2 id="selling-heading" className="text-xl font-semibold">
            Selling
          </h2>
          <p>{START_SELLING_TEXT}</p>
          <StartSellingForm />
        </section>
      )}
      <DataExportSection latest={me.dataExport} />
      <DeleteAccountSection hasPassword={me.hasPassword} />
    </section>
  );
}

export const ErrorBoundary = RouteError;
