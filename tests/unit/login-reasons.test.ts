import { describe, expect, it } from "vitest";
import { otherWayIn } from "../../app/lib/account-links.ts";
import { readLoginReason, reasonForPage } from "../../app/lib/login-reason.server.ts";
import { loginPath } from "../../app/lib/paths.ts";
import { loginReasonText } from "../../schemas/login-reasons.ts";

const laptop = "3f1c1d7e-6a53-4b59-9c4b-0c8f3b1c2a11";

describe("a login wall's reason", () => {
  it("is a kind and an id in the address, never words", () => {
    expect(loginPath(`/laptops/${laptop}`, { kind: "book", id: laptop })).toBe(
      `/login?redirectTo=%2Flaptops%2F${laptop}&reason=book&about=${laptop}`,
    );
    expect(loginPath("/dashboard")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("is read only as a known kind with an id", () => {
    const read = (query: string) => readLoginReason(new URLSearchParams(query));
    expect(read(`reason=book&about=${laptop}`)).toEqual({ kind: "book", id: laptop });
    expect(read(`reason=brand&about=${laptop}`)).toEqual({ kind: "brand", id: laptop });
    expect(read(`reason=confirm+your+bank+details&about=${laptop}`)).toBeNull();
    expect(read("reason=book&about=Dell")).toBeNull();
    expect(read("reason=book")).toBeNull();
    const form = new FormData();
    form.set("reason", "message");
    form.set("about", laptop);
    expect(readLoginReason(form)).toEqual({ kind: "message", id: laptop });
  });

  it("is said for each page", () => {
    expect(loginReasonText("login", "book", "Dell XPS 13 9315")).toBe("Log in to book Dell XPS 13 9315");
    expect(loginReasonText("login", "brand", "Acer")).toBe("Log in to see Acer laptops");
    expect(loginReasonText("signUp", "message", "Sam")).toBe("Sign up to message Sam");
  });

  it("is known for the pages behind a wall that can say what they are for", () => {
    expect(reasonForPage(`/category/${laptop}`)).toEqual({ kind: "brand", id: laptop });
    expect(reasonForPage(`/dashboard/messages/new?advert=${laptop}`)).toEqual({ kind: "message", id: laptop });
    expect(reasonForPage("/category/not-an-id")).toBeNull();
    expect(reasonForPage("/dashboard/my/orders")).toBeNull();
  });

  it("goes with the visitor between login, sign-up and Google's way back", () => {
    expect(otherWayIn("/signUp", { redirectTo: `/laptops/${laptop}`, reason: { kind: "book", id: laptop } })).toBe(
      `/signUp?redirectTo=%2Flaptops%2F${laptop}&reason=book&about=${laptop}`,
    );
    expect(otherWayIn("/login", { redirectTo: "/" })).toBe("/login");
  });
});
