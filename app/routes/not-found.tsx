import { data } from "react-router";
import { NOT_FOUND_TITLE, NotFound } from "../components/not-found.tsx";

/** Any unknown route: the spec's page, answered with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: NOT_FOUND_TITLE }];

export default function NotFoundRoute() {
  return <NotFound />;
}
