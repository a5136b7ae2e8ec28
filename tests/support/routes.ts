// Sends requests through the production build's own request handler: Remix's createRequestHandler over
// build/index.js matches the route, runs its loader or action and renders the document exactly as the
// served app does, in-process and against the test file's own database (the build opens the database
// the test setup installed). The request gate in front of Remix is tested separately, over sockets.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { sessionCookie } from "~/http/session-cookie.server";

export const build = (await import(
  /* @vite-ignore */ pathToFileURL(path.resolve("build/index.js")).href
)) as ServerBuild;
const handle = createRequestHandler(build, "production");
// Made by the build's own function, as server.ts's handler makes it (app/http/load-context.server.ts).
const { getLoadContext } = build.entry.module as unknown as { getLoadContext(): AppLoadContext };

export async function sessionCookieFor(sessionId: string) {
  return (await sessionCookie.serialize(sessionId)).split(";")[0];
}

/**
 * Answers a request as the served app would. Pages answer with their HTML document (an action's reply
 * is rendered into it, with the action's status); redirects and API answers are as sent.
 */
export async function callRoute(target: string, init: RequestInit & { sessionId?: string } = {}): Promise<Response> {
  const url = new URL(target, "http://localhost");
  const headers = new Headers(init.headers);
  if (init.sessionId) headers.append("Cookie", await sessionCookieFor(init.sessionId));
  const { sessionId: _, ...requestInit } = init;
  return handle(new Request(url, { ...requestInit, headers }), getLoadContext());
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => entities[name]);

function visibleText(html: string) {
  const text = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " ");
  return decode(text).replace(/\s+/g, " ").trim();
}

/** The text a person reads on the page: markup, scripts and styles removed, whitespace collapsed. */
export async function pageText(response: Response) {
  return visibleText(await response.text());
}

/** The value of the form field called `name` in a page's HTML (inputs and textareas), or null. */
export function fieldValue(html: string, name: string): string | null {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const input = new RegExp(`<input\\b(?=[^>]*\\bname="${escaped}")[^>]*>`).exec(html)?.[0];
  if (input) return decode(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "");
  const textarea = new RegExp(`<textarea\\b[^>]*\\bname="${escaped}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return textarea ? decode(textarea[1]) : null;
}

/** The text inside the element with this id (e.g. a Conform form's or field's error), or null. */
export function textById(html: string, id: string): string | null {
  const start = new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\bid="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`).exec(
    html,
  );
  if (!start) return null;
  const tag = start[1];
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  pattern.lastIndex = start.index + start[0].length;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return visibleText(html.slice(start.index + start[0].length, match.index));
  }
  return null;
}
