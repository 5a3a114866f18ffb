import { PeopleTable } from "../../components/people-table.tsx";
import { peopleAction, peopleLoader } from "../../lib/people.server.ts";
import type { Route } from "./+types/all-buyers";

export const loader = ({ request, context }: Route.LoaderArgs) => peopleLoader(request, context, "user");
export const action = ({ request, context }: Route.ActionArgs) => peopleAction(request, context);
export const meta = () => [{ title: "All Buyers — ReLaptop" }];

export default function AllBuyers({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">All User</h1>
      <PeopleTable {...loaderData} sellers={false} />
    </section>
  );
}
