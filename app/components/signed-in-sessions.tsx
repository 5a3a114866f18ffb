import { Form, useNavigation } from "react-router";
import type { SignedInSession } from "../../schemas/sessions.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";
import { LocalTime } from "./local-time.tsx";

/**
 * "Where you're signed in" on the profile: each session's device (from its browser), the address it signed in
 * from (no geolocation database is configured, so no place), when it was last active, this one marked; a
 * "Sign out" per other session and "Sign out everywhere else". Plain forms posted to the page's action
 * (app/lib/signed-in-sessions.server.ts): they work without JavaScript.
 */
export function SignedInSessions({ sessions }: { sessions: { items: SignedInSession[]; more: boolean } }) {
  const busy = useNavigation().state === "submitting";
  const others = sessions.items.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-3">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        Where you're signed in
      </h2>
      <ul className="flex flex-col gap-2">
        {sessions.items.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3"
          >
            <div className="flex flex-col">
              <span className="font-semibold">
                {s.device}
                {s.current && <span className="badge badge-success ms-2">This device</span>}
              </span>
              <span className="text-sm">
                {s.address ?? "Address unknown"} · Last active <LocalTime iso={s.lastActiveAt} />
              </span>
            </div>
            {!s.current && (
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out-session" />
                <input type="hidden" name="sessionId" value={s.id} />
                <button
                  type="submit"
                  className="btn btn-sm btn-outline min-h-6"
                  aria-label={`Sign out ${s.device}${s.address ? ` at ${s.address}` : ""}`}
                  {...busySubmit(busy)}
                >
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {sessions.more && (
        <p className="text-sm">Older sessions are not listed; "Sign out everywhere else" ends them too.</p>
      )}
      {(others > 0 || sessions.more) && (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className="btn btn-outline" {...busySubmit(busy)}>
            Sign out everywhere else
          </button>
        </Form>
      )}
    </section>
  );
}
