// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RouteError } from "../../app/components/route-error.tsx";
import { UNAVAILABLE_MESSAGE } from "../../db/availability.ts";

afterEach(cleanup);

function renderError(thrown: () => never) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => null,
      HydrateFallback: () => null,
      ErrorBoundary: ({ error }: { error: unknown }) => <RouteError error={error} />,
      loader: thrown,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("a page's error boundary", () => {
  it("says what is missing under the spec's not-found heading, and focuses the heading", async () => {
    renderError(() => {
      throw data("This order does not exist.", { status: 404 });
    });
    const heading = await screen.findByRole("heading", { name: "Oops! Sorry we couldn't found this route" });
    expect(screen.getByText("This order does not exist.")).toBeTruthy();
    // The boundary moves focus in an effect after it renders: on a loaded machine that can come a tick later.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
  });

  it("says the spec's words for a refused page", async () => {
    renderError(() => {
      throw data(null, { status: 403 });
    });
    expect(await screen.findByRole("heading", { name: "This route is forbidden for you!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Home" })).toBeTruthy();
  });

  it("says ReLaptop is briefly unavailable for a 503, whatever the server's words", async () => {
    renderError(() => {
      throw new Response(null, { status: 503 });
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong!" })).toBeTruthy();
    expect(screen.getByText(UNAVAILABLE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
  });

  it("shows the spec's error page with the status text for anything else", async () => {
    renderError(() => {
      throw new Response(null, { status: 500, statusText: "Internal Server Error" });
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong!" })).toBeTruthy();
    expect(screen.getByText("Internal Server Error")).toBeTruthy();
  });
});
