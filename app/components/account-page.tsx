import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The frame of the pages for getting into an account (login, sign-up, a link, a new password): one narrow
 * column under a centred heading, with a line of `intro` under it where the page explains itself.
 */
export function AccountPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md p-6">
      <h1 className={`${intro ? "mb-2" : "mb-6"} text-center text-3xl font-bold`}>{title}</h1>
      {intro && <p className="mb-6 text-center text-sm">{intro}</p>}
      {children}
    </section>
  );
}

/** The line under an account page's form that leads to another way in ("Already have an account? Login"). */
export function AccountPageLink({ prompt, to, children }: { prompt?: string; to: string; children: string }) {
  return (
    <p className="mt-6 text-center text-sm">
      {prompt && `${prompt} `}
      <Link to={to} className="link link-primary">
        {children}
      </Link>
    </p>
  );
}

/** The way back from asking for an emailed link (a sign-in link, a new password's). */
export function BackToLogin() {
  return <AccountPageLink to="/login">Back to login</AccountPageLink>;
}
