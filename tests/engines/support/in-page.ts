// Code that runs inside the page under test, in Gecko and WebKit alike. Each exported function is sent to
// the engine as its source text (puppeteer's evaluate, WebDriver's execute), so it must stand alone: no
// imports, no helpers from outside its own body.

/** What a flow looks for, as a person would name it: a role and its accessible name, a label, or CSS. */
export type Target = {
  role?: "button" | "link" | "heading" | "dialog" | "navigation" | "form" | "alert" | "status" | "region" | "img";
  /** The accessible name, exactly (whitespace collapsed), or a regular expression's source with `match`. */
  name?: string;
  match?: boolean;
  /** A form control by the text of its label. */
  label?: string;
  css?: string;
  /** Only elements whose text contains this. */
  text?: string;
  within?: Target;
};

export type Seen = {
  count: number;
  visible: boolean;
  text: string;
  value: string | null;
  focused: boolean;
  inViewport: boolean;
  attributes: Record<string, string>;
};

/** Where each engine's watch keeps what it saw, across the documents of one tab (same origin). */
export const PROBLEMS_KEY = "engine-flows:problems";

/**
 * Listens for what must fail a flow: a content-security-policy violation the engine reports, an uncaught
 * error or an unhandled rejection. Gecko runs it at each document's start; WebKit's driver has no such
 * hook, so there it runs before every query (it starts once per document).
 */
export function watchForProblems(key: string) {
  const w = window as unknown as { __engineWatch?: boolean };
  if (w.__engineWatch) return;
  w.__engineWatch = true;
  const record = (problem: string) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
      list.push(`${problem} (on ${location.pathname}${location.search})`);
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {
      // storage refused: the engine's own log (Gecko) still reports it
    }
  };
  document.addEventListener(
    "securitypolicyviolation",
    (event) => {
      const where = `${event.sourceFile}:${event.lineNumber}`;
      record(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline code"} at ${where}`);
    },
    true,
  );
  window.addEventListener("error", (event) => record(`uncaught error: ${event.message}`));
  window.addEventListener("unhandledrejection", (event) => record(`unhandled rejection: ${String(event.reason)}`));
}

/** Takes what the watch recorded so far in this tab, leaving it empty. */
export function takeProblems(key: string): string[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
    sessionStorage.removeItem(key);
    return list;
  } catch {
    return [];
  }
}

/**
 * Finds the target: the first visible match, else the first match. With `describe` it answers what a person
 * would see of it (a `Seen`), else the element itself (for the driver to click or type into).
 */
export function findTarget(target: Target, describe: boolean): Element | Seen | null {
  const roles: Record<string, string> = {
    button: "button, [role='button'], input[type='submit'], input[type='button']",
    link: "a[href], [role='link']",
    heading: "h1, h2, h3, h4, h5, h6, [role='heading']",
    dialog: "dialog, [role='dialog']",
    navigation: "nav, [role='navigation']",
    form: "form",
    alert: "[role='alert']",
    status: "[role='status'], output",
    region: "section[aria-label], section[aria-labelledby], [role='region']",
    img: "img, svg[role='img'], [role='img']",
  };
  const squash = (text: string) => text.replace(/\s+/g, " ").trim();
  const textOf = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element) || node.getAttribute("aria-hidden") === "true") return "";
    if (node instanceof HTMLInputElement) return "";
    const inner = [...node.childNodes].map(textOf).join("");
    // As the accessible name is computed: a box that is not inline (a block, or taken out of the flow
    // like a visually hidden label) is a word of its own.
    return getComputedStyle(node).display.startsWith("inline") ? inner : ` ${inner} `;
  };
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy)
      return squash(
        labelledBy
          .split(/\s+/)
          .map((id) => textOf(document.getElementById(id) ?? document.createElement("i")))
          .join(" "),
      );
    const label = element.getAttribute("aria-label");
    if (label) return squash(label);
    if (element instanceof HTMLImageElement) return squash(element.alt);
    const isButton = element instanceof HTMLInputElement && ["submit", "button"].includes(element.type);
    if (isButton) return squash(element.value);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squash([...labels].map(textOf).join(" "));
    return squash(textOf(element));
  };
  const shown = (element: Element) =>
    typeof element.checkVisibility === "function"
      ? element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
      : element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
  const search = (spec: Target, scope: ParentNode): Element[] => {
    const scopes = spec.within ? search(spec.within, scope).slice(0, 1) : [scope];
    const found: Element[] = [];
    for (const root of scopes) {
      let candidates: Element[];
      if (spec.label !== undefined) {
        candidates = [...root.querySelectorAll("input, select, textarea")].filter((control) =>
          [nameOf(control), squash(control.getAttribute("aria-label") ?? "")].includes(spec.label!),
        );
      } else {
        candidates = [...root.querySelectorAll(spec.role ? roles[spec.role] : (spec.css ?? "*"))];
        if (spec.role && spec.css) candidates = candidates.filter((element) => element.matches(spec.css!));
        const { name, match } = spec;
        const named = (el: Element) => (match ? new RegExp(name!).test(nameOf(el)) : nameOf(el) === name);
        if (name !== undefined) candidates = candidates.filter(named);
      }
      const holds = (element: Element) => squash(element.textContent ?? "").includes(spec.text!);
      if (spec.text !== undefined) candidates = candidates.filter(holds);
      found.push(...candidates);
    }
    return found;
  };
  const all = search(target, document);
  const element = all.find(shown) ?? all[0] ?? null;
  if (!describe) return element;
  if (!element) return null;
  const box = element.getBoundingClientRect();
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) attributes[attribute.name] = attribute.value;
  return {
    count: all.length,
    visible: shown(element),
    text: squash((element as HTMLElement).innerText ?? element.textContent ?? ""),
    value: "value" in element ? String((element as HTMLInputElement).value) : null,
    focused: document.activeElement === element,
    inViewport: box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth,
    attributes,
  };
}
