import fc from "fast-check";
import { describe, expect, test } from "vitest";
import * as z from "zod";
import { MAX_ECHOED_CHARACTERS, parseSubmission } from "~/http/form-submission.server";
import { fieldNamesOf } from "~/lib/schema-fields";
import { profileUpdateApiSchema } from "~/schemas/user-api";
import { signUpSchema } from "~/schemas/user-forms";

const schema = z.object({ email: z.string().email(), note: z.string().max(20).optional() });

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("a form submission's reply", () => {
  test("names exactly the fields its schema reads, through refinements, unions and preprocessing", () => {
    expect([...fieldNamesOf(schema)].sort()).toEqual(["email", "note"]);
    expect(fieldNamesOf(signUpSchema)).toContain("confirmPassword");
    expect(fieldNamesOf(profileUpdateApiSchema)).toContain("community");
    const intents = z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("a"), x: z.string() }),
      z.object({ intent: z.literal("b"), y: z.string() }),
    ]);
    expect([...fieldNamesOf(intents)].sort()).toEqual(["intent", "x", "y"]);
  });

  test("never echoes an unknown field or an oversized value, and never throws, whatever was posted", () => {
    const name = fc.oneof(
      fc.constantFrom("email", "note", "__intent__", "__state__", "constructor", "__proto__"),
      fc.string(),
    );
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "{",
        '{"type":"validate"}',
        '{"type":"reset","payload":{}}',
        "x".repeat(MAX_ECHOED_CHARACTERS + 1),
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 8 }), (entries) => {
        const reply = parseSubmission(formOf(entries), { schema }).reply();
        for (const [field, echoed] of Object.entries(reply.initialValue ?? {})) {
          expect(["email", "note"]).toContain(field);
          for (const item of [echoed].flat()) expect(String(item).length).toBeLessThanOrEqual(MAX_ECHOED_CHARACTERS);
        }
        for (const field of reply.fields ?? []) expect(["email", "note"]).toContain(field);
        expect(reply.state).toBeUndefined();
        expect(reply.intent).toBeUndefined();
      }),
    );
  });

  test("keeps what a person typed into the form's own fields", () => {
    const reply = parseSubmission(
      formOf([
        ["email", "not-an-email"],
        ["note", "hello"],
        ["injected", "<script>"],
      ]),
      { schema },
    ).reply();
    expect(reply.initialValue).toEqual({ email: "not-an-email", note: "hello" });
    expect(reply.error?.email?.length).toBeGreaterThan(0);
  });
});
