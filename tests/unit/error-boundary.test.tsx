import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ErrorBoundary } from "~/root";

function renderRootError(error: unknown) {
  const RemixStub = createRemixStub([{ id: "root", path: "/", Component: () => null, ErrorBoundary }]);
  return renderToString(<RemixStub hydrationData={{ errors: { root: error } }} />);
}

function routeError(status: number) {
  return { status, statusText: "", internal: false, data: "", __type: "RouteErrorResponse" };
}

describe("root error screens", () => {
  afterEach(() => vi.unstubAllEnvs());

  test("an uncaught error shows 'Unexpected Application Error!' without a stack trace in production", () => {
    vi.stubEnv("NODE_ENV", "production");
    const html = renderRootError(new Error("secret internals at db.server.ts:42"));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).not.toContain("secret internals");
    expect(html).not.toContain("db.server.ts");
  });

  test("in development the stack is shown to help the developer", () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(renderRootError(new Error("visible in dev"))).toContain("visible in dev");
  });

  test.each([
    [404, "Page not found"],
    [403, "Access denied"],
    [503, "Service temporarily unavailable"],
  ])("a %i response has its own page", (status, title) => {
    const html = renderRootError(routeError(status));
    expect(html).toContain(title);
    expect(html).not.toContain("Unexpected Application Error!");
  });
});
