import { appContext } from "#app-context";
import { TableHead } from "../../components/table-head.tsx";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/admin-log";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  const actions = await context.get(appContext).services.audit.recent(admin);
  return { actions: actions.map((a) => ({ ...a, at: a.at.toISOString() })) };
}

export const meta = () => [{ title: "Admin activity — ReLaptop" }];

export default function AdminLog({ loaderData: { actions } }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">Admin activity</h1>
      {actions.length === 0 ? (
        <p>No admin actions yet.</p>
      ) : (
        <table className="table">
          <TableHead columns={["When (UTC)", "Admin", "What"]} />
          <tbody>
            {actions.map((a) => (
              <tr key={a.id}>
                <td>{a.at.slice(0, 16).replace("T", " ")}</td>
                <td>{a.adminName}</td>
                <td>{a.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
