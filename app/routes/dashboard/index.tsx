import { isActingSeller, isAdmin } from "../../../schemas/roles.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const role: keyof typeof MENU_LEADS_TO = isAdmin(user) ? "admin" : isActingSeller(user) ? "seller" : "buyer";
  return { name: user.name || user.email, role };
}

export const meta = () => [{ title: "Dashboard — ReLaptop" }];

/** What the menu leads to, in this account's words: a buyer has orders, not adverts. */
const MENU_LEADS_TO = {
  buyer: "your orders and the laptops you saved",
  seller: "your adverts and your orders",
  admin: "brands, sellers, buyers and reports",
} as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-2">
        Welcome, {loaderData.name}. Use the menu to get to {MENU_LEADS_TO[loaderData.role]}.
      </p>
    </section>
  );
}
