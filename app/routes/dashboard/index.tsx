import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { name: user.name || user.email };
}

export const meta = () => [{ title: "Dashboard — ReLaptop" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-2">Welcome, {loaderData.name}. Use the menu to get to your orders and adverts.</p>
    </section>
  );
}
