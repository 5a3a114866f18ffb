import { data } from "react-router";
import { NotFound } from "../components/not-found.tsx";

/** Any unknown route: the spec's page, answered with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page not found — ReLaptop" }];

export default function NotFoundRoute() {
  return <NotFound />;
}
