import { Form, Link, useNavigation } from "react-router";
import type { TwoFactorSetup } from "../../core/accounts/index.ts";
import {
  TWO_FACTOR_MESSAGES as M,
  TWO_FACTOR_PATH,
  twoFactorConfirmSchema,
  twoFactorPasswordSchema,
} from "../../schemas/two-factor.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { PasswordField } from "./account-fields.tsx";
import { AuthenticationCodeField } from "./authentication-code-field.tsx";
import { checkedForm, FormError } from "./form-field.tsx";

/** What /account/two-factor's action answers: the next step to show, or what to fix. */
export type TwoFactorAnswer = ActionErrors & {
  /** "Turn on", step two: scan (or type the secret), then the first code. */
  setup?: Omit<TwoFactorSetup, "uri"> & { uri: string };
  /** Turned on, or new ones asked for: shown this once. */
  backupCodes?: string[];
};

/**
 * The profile's "Two-factor authentication" (and the whole of /account/two-factor, where its forms post,
 * routes/account-two-factor.tsx): off, "Turn on two-factor" asks the password, then shows the QR code and the
 * secret, then asks the app's first code, then shows the backup codes once; on, "Turn off" and "New backup
 * codes", each with the password. Plain forms: every step works without JavaScript.
 */
export function TwoFactorSection({
  enabled,
  hasPassword,
  answer,
}: {
  enabled: boolean;
  hasPassword: boolean;
  answer?: TwoFactorAnswer | null;
}) {
  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col items-start gap-3" id="two-factor">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        Two-factor authentication
      </h2>
      {answer?.backupCodes ? (
        <BackupCodes codes={answer.backupCodes} />
      ) : answer?.setup ? (
        <ScanStep setup={answer.setup} answer={answer} />
      ) : enabled ? (
        <TurnedOn answer={answer} />
      ) : hasPassword ? (
        <TurnOn answer={answer} />
      ) : (
        <p>
          Two-factor asks for your password before it changes anything, and your account has none (you sign in with
          Google). Choose one with{" "}
          <Link to="/forgot-password" className="link link-primary">
            Forgot password
          </Link>{" "}
          first.
        </p>
      )}
    </section>
  );
}

function TurnOn({ answer }: { answer?: TwoFactorAnswer | null }) {
  const form = useValidatedForm(twoFactorPasswordSchema, answer);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p>
        Off. With it on, signing in asks for a code from an authenticator app on your phone (Google Authenticator,
        Microsoft Authenticator, 1Password…) after your password: someone who learns your password still cannot get in.
      </p>
      <Form {...checkedForm(form)} action={TWO_FACTOR_PATH} className="flex w-full flex-col gap-3">
        <FormError message={form.formError} />
        <input type="hidden" name="intent" value="start" />
        <PasswordField label="Your password" kind="current" error={form.errors.password} />
        <button type="submit" className="btn btn-primary self-start" {...busySubmit(busy)}>
          Turn on two-factor
        </button>
      </Form>
    </>
  );
}

function ScanStep({ setup, answer }: { setup: NonNullable<TwoFactorAnswer["setup"]>; answer: TwoFactorAnswer }) {
  const form = useValidatedForm(twoFactorConfirmSchema, answer.fields ? answer : null);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <ol className="list-decimal space-y-1 pl-5">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <svg
        viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
        width="200"
        height="200"
        role="img"
        aria-label="QR code for your authenticator app"
        className="rounded-box bg-white"
        shapeRendering="crispEdges"
      >
        <path d={setup.qr.path} fill="#000" />
      </svg>
      <p>
        Key for typing in: <code className="select-all break-all font-mono text-base">{setup.secret}</code>
      </p>
      <Form {...checkedForm(form)} action={TWO_FACTOR_PATH} className="flex w-full flex-col gap-3">
        <FormError message={form.formError} />
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="uri" value={setup.uri} />
        <AuthenticationCodeField error={form.errors.code} />
        <button type="submit" className="btn btn-primary self-start" {...busySubmit(busy)}>
          Turn on
        </button>
      </Form>
    </>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const text = `ReLaptop backup codes (each works once)\n\n${codes.join("\n")}\n`;
  return (
    <>
      <p className="alert alert-warning" role="alert">
        {M.saveCodes}
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a
          className="btn btn-primary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="relaptop-backup-codes.txt"
        >
          Download codes
        </a>
        <Link to="/profile" className="btn btn-outline">
          I have saved them
        </Link>
      </div>
    </>
  );
}

function TurnedOn({ answer }: { answer?: TwoFactorAnswer | null }) {
  const form = useValidatedForm(twoFactorPasswordSchema, answer);
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p>On: signing in asks for a code from your authenticator app, or one of your backup codes.</p>
      <Form {...checkedForm(form)} action={TWO_FACTOR_PATH} className="flex w-full flex-col gap-3">
        <FormError message={form.formError} />
        <PasswordField label="Your password" kind="current" error={form.errors.password} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="codes" className="btn btn-outline" {...busySubmit(busy)}>
            New backup codes
          </button>
          <button type="submit" name="intent" value="off" className="btn btn-error btn-outline" {...busySubmit(busy)}>
            Turn off
          </button>
        </div>
      </Form>
    </>
  );
}
