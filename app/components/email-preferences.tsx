import { Form, useNavigation } from "react-router";
import { busySubmit } from "../lib/use-focus-landing.ts";

export interface EmailPreference {
  kind: string;
  label: string;
  email: boolean;
}

/**
 * Which notifications also come by email, per kind (in the app they always show). One form, posted to
 * the page's action with intent "emails"; works without JavaScript.
 */
export function EmailPreferencesForm({ preferences, saved }: { preferences: EmailPreference[]; saved: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-3" aria-labelledby="email-preferences-heading">
      <h2 id="email-preferences-heading" className="text-xl font-semibold">
        Emails
      </h2>
      <p>You always see notifications in ReLaptop. Choose which ones we also send to you by email.</p>
      <input type="hidden" name="intent" value="emails" />
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Email me when</legend>
        {preferences.map((p) => (
          <label key={p.kind} className="flex cursor-pointer items-center gap-3">
            <input type="checkbox" name="email" value={p.kind} defaultChecked={p.email} className="checkbox" />
            <span>{p.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" {...busySubmit(busy)}>
          Save email choices
        </button>
        <p role="status" className="font-medium">
          {saved && !busy ? "Your email choices are saved." : ""}
        </p>
      </div>
    </Form>
  );
}
