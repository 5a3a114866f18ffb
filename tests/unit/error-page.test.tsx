// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorBoundary } from "../../app/root.tsx";

afterEach(cleanup);

function renderError(thrown: () => never) {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => null, ErrorBoundary: ErrorBoundary as never, loader: thrown },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the error page", () => {
  it("says Something went wrong! with the status text, and offers Logout", async () => {
    renderError(() => {
      throw new Response(null, { status: 503, statusText: "Service Unavailable" });
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong!" })).toBeTruthy();
    expect(screen.getByText("Service Unavailable")).toBeTruthy();
    const logout = screen.getByRole("button", { name: "Logout" });
    expect(logout.closest("form")?.getAttribute("action")).toBe("/logout");
  });

  it("says the database is away in the words the page services give it", async () => {
    const { UNAVAILABLE_MESSAGE } = await import("../../db/availability.ts");
    renderError(() => {
      throw data(UNAVAILABLE_MESSAGE, { status: 503 });
    });
    expect(await screen.findByRole("heading", { name: "Something went wrong!" })).toBeTruthy();
    expect(screen.getByText(UNAVAILABLE_MESSAGE)).toBeTruthy();
  });

  it("shows the not-found page for a 404", async () => {
    renderError(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole("heading", { name: "Oops! Sorry we couldn't found this route" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
  });
});
