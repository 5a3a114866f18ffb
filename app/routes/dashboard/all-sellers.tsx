import { PeopleTable } from "../../components/people-table.tsx";
import { peopleAction, peopleLoader } from "../../lib/people.server.ts";
import type { Route } from "./+types/all-sellers";

export const loader = ({ request, context }: Route.LoaderArgs) => peopleLoader(request, context, "seller");
export const action = ({ request, context }: Route.ActionArgs) => peopleAction(request, context);
export const meta = () => [{ title: "All Sellers — ReLaptop" }];

export default function AllSellers({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">All Sellers</h1>
      <PeopleTable {...loaderData} sellers />
    </section>
  );
}
