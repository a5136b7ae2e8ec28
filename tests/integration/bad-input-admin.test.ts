// The trail-path upload and the admin areas' searches and places, with property-based bad input
// (tests/support/bad-input.ts): never a 5xx, and a refused request leaves the database exactly as it was.
import * as fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import {
  expectRefusalLeavesNoTrace,
  fingerprint,
  formFields,
  fuzzData,
  hostileText,
  nasty,
  places,
  RUNS,
  searches,
  uploadedFile,
  uploadedName,
} from "../support/bad-input";
import { callRoute } from "../support/routes";

let adminToken: string;
beforeAll(async () => {
  ({ adminToken } = await fuzzData());
});

describe("bad input to the admin upload and searches never breaks the server nor half-writes", () => {
  test("POST /adminControlPanel/trail-path (multipart: any file, any name, any fields)", async () => {
    await fc.assert(
      fc.asyncProperty(
        uploadedFile,
        uploadedName,
        fc.dictionary(fc.constantFrom(...formFields, "file"), nasty, { maxKeys: 3 }),
        async (content, name, fields) => {
          const body = new FormData();
          for (const [field, value] of Object.entries(fields)) body.append(field, value as string);
          body.append("file", new Blob([content]), name);
          const send = () =>
            callRoute("/adminControlPanel/trail-path?trail=673e9addbf9ebe061ef810bf", {
              method: "POST",
              sessionId: adminToken,
              body,
            });
          await expectRefusalLeavesNoTrace(send, "the trail-path upload");
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  test.each(
    searches.map((search) => [`GET /adminControlPanel?option=${search.option}&${search.param}=…`, search] as const),
  )("%s", async (label, search) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(nasty, hostileText), async (text) => {
        const query = new URLSearchParams({ option: search.option, [search.param]: text });
        const before = await fingerprint();
        const response = await callRoute(`/adminControlPanel?${query}`, { sessionId: adminToken });
        expect(response.status, `${label} answered ${response.status} for ${JSON.stringify(text)}`).toBeLessThan(500);
        if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text.trim())) expect(response.status, JSON.stringify(text)).toBe(400);
        expect(await fingerprint()).toBe(before);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  test.each(places.map((place) => [`GET /adminControlPanel?option=${place.option}&${place.param}=…`, place] as const))(
    "%s",
    async (label, place) => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(nasty, hostileText), async (text) => {
          const query = new URLSearchParams({ option: place.option, [place.param]: text });
          const before = await fingerprint();
          const response = await callRoute(`/adminControlPanel?${query}`, { sessionId: adminToken });
          expect(response.status, `${label} answered ${response.status} for ${JSON.stringify(text)}`).toBe(200);
          expect(await fingerprint()).toBe(before);
        }),
        { numRuns: RUNS },
      );
    },
  );
});
