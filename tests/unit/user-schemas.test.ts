import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { feedbackMessages } from "~/schemas/feedback";
import {
  feedbackSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe("user schemas", () => {
  test("sign-up from a form: every rule with its message", () => {
    const submission = parseWithZod(
      form({ username: "", email: "nope", password: "abc", confirmPassword: "abd", age: "-1" }),
      {
        schema: signUpSchema,
      },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      username: [userMessages.usernameRequired],
      email: [userMessages.emailInvalid],
      password: [userMessages.passwordRequirementsNotMet],
      confirmPassword: [userMessages.passwordsDiffer],
      age: [userMessages.ageInvalid],
    });
  });

  test("sign-up from JSON: the same schema, numbers as numbers, the role is not part of it", () => {
    const parsed = signUpSchema.parse({
      username: " walker ",
      email: " Walker@Example.Test ",
      password: "abcd",
      confirmPassword: "abcd",
      age: 20,
      gender: "Female",
      community: "Yes",
      role: "Admin",
    });
    expect(parsed).toEqual({
      username: "walker",
      email: "Walker@Example.Test",
      password: "abcd",
      confirmPassword: "abcd",
      age: 20,
      gender: "Female",
      community: "Yes",
    });
    expect(
      signUpSchema.safeParse({
        username: "a",
        email: "a@b.co",
        password: "abcd",
        confirmPassword: "abcd",
        gender: "Robot",
      }).success,
    ).toBe(false);
  });

  test("sign-in needs an email and a password", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    const submission = parseWithZod(form({}), { schema: signInSchema });
    expect(submission.reply().error).toEqual({
      email: [userMessages.emailRequired],
      password: [userMessages.passwordRequired],
    });
  });

  test("reset page: at least 4 characters and both entries equal", () => {
    const short = resetPasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abc" });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual([userMessages.passwordTooShort]);
    const differ = resetPasswordSchema.safeParse({ newPassword: "abcd", confirmPassword: "abce" });
    expect(differ.error?.issues.map((issue) => issue.message)).toEqual([userMessages.passwordsDiffer]);
  });

  test("profile update: empty fields are absent, password rules only when a password field is filled", () => {
    const empty = parseWithZod(form({ username: "", email: "", age: "", password: "", confirmPassword: "" }), {
      schema: profileUpdateSchema,
    });
    expect(empty.status).toBe("success");
    expect(empty.status === "success" && empty.value).toEqual({});
    const bad = parseWithZod(form({ password: "abc", confirmPassword: "" }), { schema: profileUpdateSchema });
    expect(bad.reply().error).toEqual({
      password: [userMessages.passwordRequirementsNotMet],
      confirmPassword: [userMessages.profilePasswordsDiffer],
    });
    const good = profileUpdateSchema.parse({ age: 0, password: "abcd", confirmPassword: "abcd" });
    expect(good).toEqual({ age: 0, password: "abcd", confirmPassword: "abcd" });
  });

  test("feedback: only the message is required; a username and email sent with it are ignored", () => {
    const submission = parseWithZod(form({ feedback: "   " }), { schema: feedbackSchema });
    expect(submission.reply().error).toEqual({ feedback: [userMessages.feedbackRequired] });
    const sent = feedbackSchema.safeParse({ username: "admin", email: "not even an email", feedback: "Hi" });
    expect(sent.success).toBe(true);
  });

  test("messages name their rule: an age of 200 or 999 says the limit, not only 'of 0 or more'", () => {
    for (const age of ["200", "999", "-1", "1.5"]) {
      const submission = parseWithZod(form({ age }), { schema: profileUpdateSchema });
      expect(submission.reply().error?.age, age).toEqual(["Age must be a whole number from 0 to 150."]);
    }
    expect(feedbackMessages.deletedFrom(null)).toBe("The feedback from a deleted account was deleted.");
    expect(feedbackMessages.deletedFrom("walker")).toBe("The feedback from walker was deleted.");
  });
});
