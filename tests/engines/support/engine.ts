import type { Seen, Target } from "./in-page";

export type EngineName = "gecko" | "webkit";

/** A cookie for the app's origin, as the sign-in API sets it. */
export type Cookie = { name: string; value: string };

/**
 * One browser tab in Gecko or WebKit, with the few things a flow does: the same calls for both engines,
 * each driven over its own protocol (WebDriver BiDi through puppeteer-core, WebDriver through webdriverio).
 */
export interface EnginePage {
  readonly engine: EngineName;
  readonly javaScript: boolean;
  /** Opens a path of the app and waits for the document's load. */
  goto(path: string): Promise<void>;
  url(): Promise<URL>;
  /** What a person would see of the target, or null when the page has none. */
  inspect(target: Target): Promise<Seen | null>;
  click(target: Target): Promise<void>;
  /** Replaces the control's value by typing. */
  fill(target: Target, value: string): Promise<void>;
  /** Chooses the option with this text. */
  select(target: Target, option: string): Promise<void>;
  press(key: "Escape" | "Enter" | "Tab"): Promise<void>;
  /** A mouse click at a point of the viewport. */
  clickAt(x: number, y: number): Promise<void>;
  /** Runs a self-contained function in the page (its source text is sent, so it may use nothing outside). */
  evaluate<Result, Arg>(fn: (arg: Arg) => Result, arg: Arg): Promise<Awaited<Result>>;
  setViewport(width: number, height: number): Promise<void>;
  addCookies(cookies: Cookie[]): Promise<void>;
  /** Uncaught errors and CSP violations the engine reported since the last call. */
  takeProblems(): Promise<string[]>;
}

/** A running engine: one browser for a worker's whole run, a fresh tab state for every test. */
export interface EngineSession {
  open(): Promise<EnginePage>;
  /** Forgets the tab's cookies and storage, so the next test starts as a new visitor. */
  release(page: EnginePage): Promise<void>;
  close(): Promise<void>;
}

export type Launch = (options: { baseURL: string; javaScript: boolean }) => Promise<EngineSession>;
