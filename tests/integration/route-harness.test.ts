import { describe, expect, test } from "vitest";
import { callRoute, matchRoute } from "../support/routes";

describe("in-process route harness", () => {
  test("matches flat-route file names the way Remix does", () => {
    expect(matchRoute("/").file).toBe("_index");
    expect(matchRoute("/about").file).toBe("about");
    expect(matchRoute("/videos/abc").params).toEqual({ videoId: "abc" });
    expect(matchRoute("/api/openapi.json").file).toBe("api.openapi[.]json");
    expect(matchRoute("/api/none/such").file).toBe("api.$");
    expect(matchRoute("/no/such/page").file).toBe("$");
  });

  test("returns what the route answers, including thrown responses", async () => {
    const redirect = await callRoute("/userHome");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toContain("/authorization?formType=signin");
    expect((await callRoute("/api/none")).status).toBe(404);
  });
});
