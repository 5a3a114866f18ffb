import { Link } from "react-router";
import { MESSAGES } from "../../schemas/messages.ts";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-lg flex-1 flex-col items-center gap-6 p-10 text-center">
      <h1 className="text-3xl font-bold">{MESSAGES.page.notFound}</h1>
      <Link to="/" className="btn btn-primary">
        Go to Home
      </Link>
    </section>
  );
}
