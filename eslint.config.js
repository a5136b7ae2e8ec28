// ESLint flat config: `npm run lint` (no warnings allowed). Each rule turned off or changed below says why.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      ".cache/",
      ".data/",
      "app/generated/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "screenshots/",
      "tests/.tmp/",
      "scripts/bench-floor/build/",
      "scripts/bench-floor/public/build/",
      "vendor/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `const { hash: _, ...rest } = row` is how a field is left out of a copy; `_name` marks a
      // parameter a shared signature requires but this implementation does not read.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }],
      // `catch {}` says a failure there is expected and harmless (a server not up yet, a process gone).
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.tsx", "scripts/bench-floor/app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "18.3" } },
  },
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.tsx", "scripts/bench-floor/app/**/*.tsx"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  {
    files: ["app/**/*.tsx", "scripts/bench-floor/app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
);
