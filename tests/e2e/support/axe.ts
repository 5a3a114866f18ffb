import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Colours as they settle, not mid-transition (daisyUI's .btn fades from its disabled look when the page enables it). */
export const SETTLED_COLOURS = "*, *::before, *::after { transition: none !important; }";

/**
 * No accessibility violations axe-core can find on the page once it has settled. A button's colours in their
 * transition as hydration or a late fetch enables it, or a toast sliding in or fading out, are measured
 * half-way, so their text reads as low contrast — and in a journey between two browsers the one behind may
 * draw no frames, so a transition begun there stays half-way for good (CI failed so, twice). So the page is
 * brought to the front, its transitions are turned off (each colour is at once its settled one), the toasts'
 * animations are waited for, and the scan is taken again while anything is found: a passing moment must come
 * within 20 s (8 s ran out once on CI's two busy cores, in the two-factor journey), and a real violation is still there
 * at the end. Other keyframe animations (a spinner's) may never end, so only the toasts' are waited for.
 */
export async function expectAccessible(page: Page) {
  await page.bringToFront();
  await page.addStyleTag({ content: SETTLED_COLOURS });
  await expect(async () => {
    await page.waitForFunction(
      () =>
        (document.querySelector("[data-rht-toaster]")?.getAnimations({ subtree: true }) ?? []).every(
          (a) => a.playState !== "running",
        ),
      undefined,
      { polling: 100 },
    );
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }).toPass({ timeout: 20_000 });
}

/** The page as a desktop and as a phone shows it (the admins' sweep in accessibility.spec.ts covers the themes). */
export async function expectAccessibleAtBothWidths(page: Page) {
  const desktop = page.viewportSize();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  if (desktop) await page.setViewportSize(desktop);
}
