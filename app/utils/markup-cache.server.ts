import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { joinedBySlots, SLOT_HTML, type MarkupCache } from "~/lib/shared-markup";

/**
 * The server's markup cache (decision 065): one entry per template name (a video card on its page), holding
 * the key it was rendered for. A new key (the catalogue changed: a title, a still) replaces the entry, so
 * the cache holds at most one template per card and page. The cap only guards against a name per request.
 */
export function createMarkupCache({ maxEntries = 2_000 }: { maxEntries?: number } = {}): MarkupCache & {
  size(): number;
} {
  const templates = new Map<string, { key: string; segments: readonly string[] }>();
  return {
    template(name: string, key: string, render: () => ReactElement) {
      const cached = templates.get(name);
      if (cached?.key === key) return cached.segments;
      // React's own output for stored data: every text and attribute is escaped as in any render.
      const segments = renderToStaticMarkup(render()).split(SLOT_HTML);
      if (!cached && templates.size >= maxEntries) templates.clear();
      templates.set(name, { key, segments });
      return segments;
    },
    renderEach(elements: readonly ReactNode[]) {
      if (elements.length === 0) return [];
      // One render for all of a list's per-person parts: each render call has its own fixed cost.
      return renderToStaticMarkup(joinedBySlots(elements)).split(SLOT_HTML);
    },
    size: () => templates.size,
  };
}

/** The one cache of this process, shared by every request's render. */
export const markupCache = createMarkupCache();
