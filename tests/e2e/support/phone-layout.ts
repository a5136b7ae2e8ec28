import type { Page } from "@playwright/test";

/** The phone widths a page must hold without scrolling sideways: the narrowest phones in use, up to a common one. */
export const PHONE_WIDTHS = [390, 360, 320];
/** WCAG 2.2's minimum target (2.5.8), in CSS pixels; our buttons and most links are 44. */
const MIN_TARGET_PX = 24;

/** The pages that swap their drawn map for OpenLayers once they have hydrated (/trails once asked), with its zoom buttons. */
export const hasInteractiveMap = (path: string) =>
  /^\/trails\?.*map=interactive/.test(path) || path.includes("option=trail");

/**
 * Every visible link, button and form control smaller than 24 × 24 px, as "what (width × height)". A
 * link inside a sentence (three words or more of text around it in its paragraph) is left out: WCAG
 * 2.5.8 exempts it, as its height is the line's. Nothing else is: a standalone link under a form, in a
 * breadcrumb or at the foot of the page must be a target of its own size, with no credit for the space
 * around it. A control hidden until focused (the skip link) is measured focused.
 */
export async function smallTargets(page: Page) {
  return page.evaluate((min) => {
    const measure = (element: HTMLElement) => element.getBoundingClientRect();
    const inSentence = (element: HTMLElement) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      let block = element.parentElement;
      while (block && ["inline", "contents"].includes(getComputedStyle(block).display)) block = block.parentElement;
      if (!block) return false;
      const rest = block.cloneNode(true) as HTMLElement;
      rest.querySelectorAll("a").forEach((link) => link.remove());
      return (rest.textContent?.match(/\p{L}+/gu) ?? []).length >= 3;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [tabindex="0"]',
    );
    const small: string[] = [];
    let measured = 0;
    for (const element of controls) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      let box = measure(element);
      if (box.right + window.scrollX <= 0 || box.bottom + window.scrollY <= 0) continue; // moved off the page (the honeypot field)
      if (box.width <= 1 || box.height <= 1) {
        element.focus();
        box = measure(element);
        element.blur();
        if (box.width <= 1 || box.height <= 1) continue; // visually hidden, and stays so
      }
      measured++;
      if ((box.width < min || box.height < min) && !inSentence(element)) {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 50);
        small.push(`${element.tagName.toLowerCase()} "${name}" (${Math.round(box.width)} × ${Math.round(box.height)})`);
      }
    }
    return { small, measured };
  }, MIN_TARGET_PX);
}

/**
 * The page at `width` (the height kept): null when the document is no wider than the viewport, or what
 * is too wide and what sticks out the most (laid-out elements outside closed menus), for the failure message.
 */
export async function sidewaysAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 800 });
  // A busy machine may measure before the page has been laid out at the new width.
  await page.waitForFunction((expected) => window.innerWidth === expected, width);
  const { scrollWidth, culprits } = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => !element.closest("details:not([open]) > :not(summary)"))
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > viewport + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(
        ({ element, right }) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 50)} → ${Math.round(right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, culprits: wide };
  });
  return scrollWidth > width ? `${scrollWidth}px wide (${culprits.join(" | ")})` : null;
}
