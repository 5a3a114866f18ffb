import { describe, expect, it } from "vitest";
import { assertMayAnswer, assertMayEdit } from "../../core/reviews/review-rules.ts";
import { formatRating, toRating } from "../../schemas/reviews.ts";

const review = (over: Partial<Parameters<typeof assertMayEdit>[0]> = {}) => ({
  authorId: "buyer",
  sellerId: "seller",
  createdAt: new Date("2026-01-01T00:00:00Z"),
  reply: null,
  removedAt: null,
  ...over,
});
const day = (d: number) => new Date(Date.parse("2026-01-01T00:00:00Z") + d * 24 * 3600 * 1000);

describe("who may edit a review", () => {
  it("is its author, for 30 days, while it is published", () => {
    expect(() => assertMayEdit(review(), "buyer", day(29.9))).not.toThrow();
    expect(() => assertMayEdit(review(), "buyer", day(30.1))).toThrow(
      "A review can be changed for 30 days after it was written.",
    );
    expect(() => assertMayEdit(review(), "seller", day(1))).toThrow("Only its author can change a review.");
    expect(() => assertMayEdit(review({ removedAt: day(2) }), "buyer", day(3))).toThrow("This review was removed.");
  });
});

describe("who may answer a review", () => {
  it("is its seller, once", () => {
    expect(() => assertMayAnswer(review(), "seller")).not.toThrow();
    expect(() => assertMayAnswer(review(), "buyer")).toThrow("Only the seller can answer this review.");
    expect(() => assertMayAnswer(review({ reply: "Thanks" }), "seller")).toThrow(
      "You have already answered this review.",
    );
  });
});

describe("a rating as cards show it", () => {
  it("is the average to one decimal and the count, or nothing without reviews", () => {
    expect(toRating(null, null)).toBeNull();
    expect(toRating(0, 0)).toBeNull();
    const rating = toRating(110, 23);
    expect(rating).toEqual({ average: 4.8, count: 23 });
    expect(rating && formatRating(rating)).toBe("★ 4.8 (23)");
    expect(formatRating({ average: 4, count: 1 })).toBe("★ 4.0 (1)");
  });
});
