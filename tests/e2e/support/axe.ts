import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No accessibility violations axe-core can find on the page as it is now — once the toasts have settled: one
 * sliding in or fading out is measured half-transparent, so its text reads as low contrast (a keyframe
 * animation, not a transition). Settled, a toast is either shown whole or gone (opacity 0 is not checked).
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    (document.querySelector("[data-rht-toaster]")?.getAnimations({ subtree: true }) ?? []).every(
      (a) => a.playState !== "running",
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page as a desktop and as a phone shows it (the admins' sweep in accessibility.spec.ts covers the themes). */
export async function expectAccessibleAtBothWidths(page: Page) {
  const desktop = page.viewportSize();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  if (desktop) await page.setViewportSize(desktop);
}
