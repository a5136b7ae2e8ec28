import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { badgeToneClasses, badgeToneForCategory, type BadgeTone } from "~/components/category-badge";

describe("badgeToneForCategory", () => {
  it.each<[string, BadgeTone]>([
    ["health", "success"],
    ["exercise", "info"],
    ["hydration", "info"],
    ["proper walking techniques", "primary"],
    ["nutrition", "warning"],
    ["injury prevention", "danger"],
    ["Injury  Prevention ", "danger"],
    ["HEALTH", "success"],
    ["mindfulness", "secondary"],
    ["", "secondary"],
    ["constructor", "secondary"],
    ["toString", "secondary"],
  ])("%j → %s", (category, tone) => {
    expect(badgeToneForCategory(category)).toBe(tone);
  });
});

// Relative luminance and contrast ratio as WCAG 2.1 defines them.
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("badge colours", () => {
  const css = readFileSync("app/styles/tailwind.css", "utf8");
  const tokens = Object.fromEntries(
    [...css.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
  );
  const colour = (utility: string) => {
    const name = utility.replace(/^(bg|text)-/, "");
    if (name === "white") return "#ffffff";
    const value = tokens[name];
    if (!value) throw new Error(`no theme colour for ${utility}`);
    return value;
  };

  it.each(Object.entries(badgeToneClasses))("%s meets WCAG AA contrast (4.5:1)", (_tone, classes) => {
    const background = classes.split(" ").find((c) => c.startsWith("bg-"))!;
    const text = classes.split(" ").find((c) => c.startsWith("text-"))!;
    expect(contrast(colour(background), colour(text))).toBeGreaterThanOrEqual(4.5);
  });
});
