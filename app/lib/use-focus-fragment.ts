import { useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";

// React warns about a layout effect while rendering on the server, where there is no focus to read anyway.
const useCommitEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The element a location's fragment names, as the router's scroll restoration finds it. */
function fragmentTarget(hash: string) {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // A malformed escape names no element.
    return null;
  }
}

/**
 * Focus on the fragment's element, as a browser's own fragment navigation does: a focusable element
 * is focused; any other one takes focus for as long as it holds it (the browser would only move its
 * sequential focus starting point there, which a script cannot do), so the next Tab goes on inside it.
 * Such an element draws no focus outline (`data-fragment-target` in tailwind.css): it is a region, not
 * a control, and a ring around a whole form would only jump into view.
 */
function focusFragmentTarget(target: HTMLElement) {
  target.focus({ preventScroll: true });
  if (document.activeElement === target) return;
  target.setAttribute("tabindex", "-1");
  target.setAttribute("data-fragment-target", "");
  const release = () => {
    target.removeAttribute("tabindex");
    target.removeAttribute("data-fragment-target");
  };
  target.focus({ preventScroll: true });
  // Hidden (a closed disclosure, say): it cannot take focus, so it keeps nothing it was given for it.
  if (document.activeElement !== target) release();
  // Once focus moves on it is an ordinary element again: a click inside it must not land focus on it.
  else target.addEventListener("blur", release, { once: true });
}

/**
 * With JavaScript, a link to a fragment (Edit on an admin list item, to its form higher up the page)
 * is a router navigation: the router scrolls to the element, but focus would stay on the link, so a
 * keyboard or screen-reader user's next Tab went on from the list (WCAG 2.4.3). After every such
 * navigation that pushes or replaces a location with a fragment, focus moves to the element it names,
 * the way the browser's own fragment navigation does without JavaScript.
 *
 * It gives way to the page's own focus management: if anything took focus while the new location was
 * committed (an error summary after a refused save, a message beside a row after a redirect), or focus
 * already is inside the element (a dialog giving it back to the button that opened it), it is left
 * there. It runs in the root layout, so its effect comes after every route component's. Back and
 * Forward (POP), the first load, and a fragment link the browser followed itself are the browser's.
 */
export function useFocusFragment() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const focusedAtCommit = useRef<Element | null>(null);
  // Layout effects all run before any passive effect, where components move focus: what is focused
  // here is what the navigation left, before any of them acted.
  useCommitEffect(() => {
    focusedAtCommit.current = document.activeElement;
  }, [location.key]);
  useEffect(() => {
    if (navigationType === "POP" || !location.hash) return;
    if (document.activeElement !== focusedAtCommit.current) return;
    const target = fragmentTarget(location.hash);
    if (!(target instanceof HTMLElement) || target.contains(document.activeElement)) return;
    focusFragmentTarget(target);
    // Keyed on the location: the same one rendered again (a revalidation) moves nothing.
  }, [location.key, location.hash, navigationType]);
}
