import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Tabs forward until `target` has focus (failing after `most` presses): what a keyboard user does. */
export async function tabTo(page: Page, target: Locator, most = 60) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Types into the focused field, then Tab, and says where focus must land. */
export async function typeThenTab(page: Page, text: string, next: Locator) {
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
  await expect(next).toBeFocused();
}
