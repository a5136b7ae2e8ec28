import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * What every axe run of the suite checks: WCAG 2.0, 2.1 and 2.2 at levels A and AA (2.2 adds the 24 px
 * target size), axe's best practices (heading order, landmarks, …), whatever a finding's impact, and the
 * rules axe-core calls experimental. axe-core leaves an experimental rule out even when its WCAG tag is
 * asked for: with the WCAG tags alone, `label-content-name-mismatch` (WCAG 2.5.3, Label in Name) never
 * ran, and without `best-practice` neither did `heading-order`.
 */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"];

/**
 * axe, configured as above, for one page. It runs in the page itself (legacy mode): two to three times
 * faster than the default, which runs axe in every frame and then finishes in a new blank page, at the
 * price of cross-origin frames, which it skips. Our pages have none until a video is played, and
 * `expectNoFrames` holds the sweep to that.
 */
export function axeOn(page: Page) {
  return new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
}

/** axe in legacy mode cannot look into another origin's frame: a page it checks must have none. */
export async function expectNoFrames(page: Page) {
  expect(
    page
      .frames()
      .filter((frame) => frame !== page.mainFrame())
      .map((frame) => frame.url()),
    `frames on ${page.url()}`,
  ).toEqual([]);
}
