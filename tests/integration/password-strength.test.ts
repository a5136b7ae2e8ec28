// Guessing never pays: the most common passwords are refused everywhere a password is chosen, and a
// password counts in full, not only its first 72 bytes (bcrypt's limit), while existing hashes still work.
import bcrypt from "bcryptjs";
import { describe, expect, test } from "vitest";
import { isCommonPassword } from "~/lib/common-passwords";
import { createUser } from "~/models/user.server";
import { verifyLogin } from "~/models/user-sign-in.server";
import { resetPasswordSchema, signUpSchema, profileUpdateSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { prisma } from "~/utils/db.server";
import { BCRYPT_COST, hashPassword, verifyPassword } from "~/utils/password.server";
import { callRoute } from "../support/routes";

describe("common passwords", () => {
  test("the 1,000 most common are refused at sign-up, at reset and in a profile change, with a clear message", () => {
    for (const password of ["password", "Password", "123456", "qwerty", "letmein", "iloveyou"]) {
      expect(isCommonPassword(password), password).toBe(true);
      const signUp = signUpSchema.safeParse({
        username: "someone",
        email: "someone@example.test",
        password,
        confirmPassword: password,
      });
      expect(signUp.success).toBe(false);
      expect(signUp.error!.issues.map((issue) => issue.message)).toContain(userMessages.passwordTooCommon);
      expect(resetPasswordSchema.safeParse({ newPassword: password, confirmPassword: password }).success).toBe(false);
      expect(profileUpdateSchema.safeParse({ password, confirmPassword: password }).success).toBe(false);
    }
    // The minimum of 4 characters stays: an uncommon short password is accepted.
    expect(
      signUpSchema.safeParse({
        username: "someone",
        email: "someone@example.test",
        password: "wxyz",
        confirmPassword: "wxyz",
      }).success,
    ).toBe(true);
  });

  test("the API's sign-up answers 400 naming the rule", async () => {
    const response = await callRoute("/api/user/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        username: "commoner",
        email: "commoner@example.test",
        password: "password",
        confirmPassword: "password",
      }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors.password).toEqual([userMessages.passwordTooCommon]);
    expect(await prisma.user.count({ where: { email: "commoner@example.test" } })).toBe(0);
  });
});

describe("passwords longer than 72 bytes", () => {
  test("count in full: two passwords that share their first 72 bytes are different passwords", async () => {
    const shared = "é".repeat(40); // 80 bytes
    const user = await createUser({ username: "longpass", email: "longpass@example.test", password: `${shared}-one` });
    expect(await verifyLogin("longpass@example.test", `${shared}-one`)).toMatchObject({ id: user.id });
    expect(await verifyLogin("longpass@example.test", `${shared}-two`)).toBeNull();
    // bcrypt alone would have taken both.
    const plain = await bcrypt.hash(`${shared}-one`, BCRYPT_COST);
    expect(await bcrypt.compare(`${shared}-two`, plain)).toBe(true);
  });

  test("hashes stored before the change (plain bcrypt) still verify", async () => {
    const legacy = await bcrypt.hash("an-old-password", BCRYPT_COST);
    expect(await verifyPassword("an-old-password", legacy)).toBe(true);
    expect(await verifyPassword("another", legacy)).toBe(false);
    expect(await hashPassword("an-old-password")).toMatch(/^\$sha256\$\$2[aby]\$/);
  });
});
