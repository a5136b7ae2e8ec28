import { createContext, createElement, Fragment, useContext, type ReactElement, type ReactNode } from "react";

/**
 * Markup that is the same for every person (a video card's still, title and play form) rendered once by
 * the server and reused, with the parts that differ per person rendered per request into its slots.
 * Only the server provides it (`app/utils/markup-cache.server.ts`, through `app/entry.server.tsx`); in the
 * browser there is none, and components render their elements as usual. Decision 065.
 */
export type MarkupCache = {
  /**
   * The static HTML of `render()` split at each `<Slot />`, rendered on the first call for `key` and
   * reused until a call for the same `name` brings another key. The key must hold everything the
   * markup is made of, so that different data can never be served the same markup.
   */
  template(name: string, key: string, render: () => ReactElement): readonly string[];
  /** The static HTML of each element, rendered now in one pass (per request). */
  renderEach(elements: readonly ReactNode[]): string[];
};

const MarkupCacheContext = createContext<MarkupCache | null>(null);

export function MarkupCacheProvider({ value, children }: { value: MarkupCache; children: ReactNode }) {
  return <MarkupCacheContext.Provider value={value}>{children}</MarkupCacheContext.Provider>;
}

/** The server's markup cache while it renders a document; null in the browser. */
export function useMarkupCache() {
  return useContext(MarkupCacheContext);
}

/**
 * Where a template's per-request part goes. Its HTML cannot come out of data: React escapes `<` in every
 * text and attribute value it writes, so only this element renders as this tag.
 */
export const SLOT_HTML = "<wt-slot></wt-slot>";
export function Slot() {
  return createElement("wt-slot");
}

/** A template's segments with the per-request parts between them: segments.length === parts.length + 1. */
export function fillSlots(segments: readonly string[], parts: readonly string[]) {
  if (segments.length !== parts.length + 1)
    throw new Error(`A template with ${segments.length - 1} slots was given ${parts.length} parts`);
  let html = segments[0];
  for (let i = 0; i < parts.length; i++) html += parts[i] + segments[i + 1];
  return html;
}

/** Elements separated by slots, so one render gives each element's HTML (split at SLOT_HTML). */
export function joinedBySlots(elements: readonly ReactNode[]) {
  return createElement(
    Fragment,
    null,
    elements.map((element, index) =>
      createElement(Fragment, { key: index }, index > 0 ? createElement(Slot) : null, element),
    ),
  );
}
