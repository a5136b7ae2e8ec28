// Every /api endpoint, with property-based bad input (tests/support/bad-input.ts): whatever arrives,
// the answer is never a 5xx, and a refused request (4xx) leaves the database exactly as it was.
import * as fc from "fast-check";
import { beforeAll, describe, test } from "vitest";
import { endpointDocs } from "~/openapi/endpoints";
import {
  anyJson,
  expectRefusalLeavesNoTrace,
  fieldNames,
  freshSession,
  fuzzData,
  pathParam,
  RUNS,
} from "../support/bad-input";
import { callRoute } from "../support/routes";

let adminToken: string;
let userToken: string;
beforeAll(async () => {
  ({ adminToken, userToken } = await fuzzData());
});

describe("bad input to the API never breaks the server nor half-writes", () => {
  test.each(endpointDocs.map((doc) => [`${doc.method.toUpperCase()} ${doc.path}`, doc] as const))(
    "%s",
    async (label, doc) => {
      const fields = fieldNames(doc.body);
      const body = fc.oneof(
        fc.record(Object.fromEntries(fields.map((field) => [field, anyJson])), { requiredKeys: [] }),
        anyJson,
        fc.constantFrom("{not json", "[1,2", '"just a string"', "x".repeat(70_000)),
      );
      await fc.assert(
        fc.asyncProperty(body, pathParam, pathParam, async (payload, first, second) => {
          let n = 0;
          const path = doc.path.replace(/\{[^}]+\}/g, () => (n++ === 0 ? first : second));
          // Signing out revokes the token it is called with, so it gets one of its own each time.
          const token =
            doc.path === "/api/user/logout"
              ? await freshSession("User")
              : doc.access === "admin"
                ? adminToken
                : userToken;
          const raw = typeof payload === "string" && /^[{["x]/.test(payload) ? payload : JSON.stringify(payload);
          await expectRefusalLeavesNoTrace(
            () =>
              callRoute(path, {
                method: doc.method.toUpperCase(),
                headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
                body: doc.method === "get" ? undefined : raw,
              }),
            label,
          );
        }),
        { numRuns: RUNS },
      );
    },
  );
});
