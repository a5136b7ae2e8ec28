import { describe, expect, test } from "vitest";
import { callRoute, pageText } from "../support/routes";

describe("in-process request handler (the production build)", () => {
  test("renders pages as documents with Remix's own routing", async () => {
    const landing = await callRoute("/");
    expect(landing.status).toBe(200);
    expect(landing.headers.get("Content-Type")).toContain("text/html");
    expect(await pageText(landing)).toContain("Walking Trails");

    const missing = await callRoute("/no/such/page");
    expect(missing.status).toBe(404);
  });

  test("answers guards' redirects and the API's own 404 as sent", async () => {
    const redirect = await callRoute("/userHome");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toContain("/authorization?formType=signin");
    const api = await callRoute("/api/none");
    expect(api.status).toBe(404);
    expect(api.headers.get("Content-Type")).toContain("application/json");
  });
});
