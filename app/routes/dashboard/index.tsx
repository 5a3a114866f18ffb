import { Link } from "react-router";
import { appContext } from "#app-context";
import { isAdmin } from "../../../schemas/roles.ts";
import { gatherToDo, TO_DO, type ToDo } from "../../../schemas/to-do.ts";
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH } from "../../../schemas/two-factor.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // The person's own counts for their role and mode only, as `GET /api/me/to-do` answers them.
  const toDo = await gatherToDo(context.get(appContext).services, user);
  // An admin account can remove anyone's adverts and see every order: its home asks it to add a second factor.
  return { name: user.name || user.email, toDo, protectAdmin: isAdmin(user) && !user.twoFactorEnabled };
}

export const meta = () => [{ title: "Dashboard — ReLaptop" }];

/** What the page says under each list, when nothing waits. */
const ALL_CLEAR = {
  buyer: "Nothing waits on you. Browse All Adds or save a search to hear of new laptops.",
  seller: "Nothing waits on you: no bookings, handovers or disputes, and every message read.",
  admin: "Nothing waits: no held adverts, reports, disputes or failed emails.",
} as const;

/** The dashboard's home: what needs doing, each a link to where it is done, with how many wait. */
export default function Dashboard({ loaderData: { name, toDo, protectAdmin } }: Route.ComponentProps) {
  const items = toDoItems(toDo);
  const waiting = items.some((i) => i.count > 0);
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p>Welcome, {name}.</p>
      {protectAdmin && (
        <p className="alert alert-warning">
          <Link to={TWO_FACTOR_PATH} className="link font-medium">
            {TWO_FACTOR_MESSAGES.protectAdmin}
          </Link>
        </p>
      )}
      <h2 className="text-xl font-semibold">What needs doing</h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.map((i) => (
          <li key={i.key}>
            <Link
              to={i.href}
              className={`card card-border flex-row items-center justify-between gap-3 p-4 hover:bg-base-200 ${
                i.count > 0 ? "border-warning" : ""
              }`}
            >
              <span className="font-medium">{i.label}</span>
              <span className={`badge badge-lg ${i.count > 0 ? "badge-warning" : "badge-ghost"}`}>{i.count}</span>
            </Link>
          </li>
        ))}
      </ul>
      {!waiting && <p>{ALL_CLEAR[toDo.role]}</p>}
    </section>
  );
}

/** Each count of the person's role with its words and link (schemas/to-do.ts), in the table's order. */
function toDoItems(toDo: ToDo) {
  const table: Record<string, { label: string; href: string }> = TO_DO[toDo.role];
  const counts: Record<string, number> = toDo.counts;
  return Object.entries(table).map(([key, { label, href }]) => ({ key, label, href, count: counts[key] ?? 0 }));
}
