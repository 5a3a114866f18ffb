import { data } from "react-router";

/**
 * A 404 that says what is missing ("This order does not exist."): the page's error boundary shows these
 * words under the spec's not-found heading, inside whatever frame the page keeps (the dashboard's menu).
 */
export const notFound = (missing: string) => data(missing, { status: 404, statusText: "Not Found" });
