// The colours a trail may be drawn in. The sample trails keep gold, green and gray (drawn over a dark
// casing, which gives gold its contrast); a trail an admin adds takes one of TRAIL_PALETTE, each at least
// 3:1 against the map's plain background and a light map tile (WCAG 1.4.11), as
// tests/unit/trail-colors.test.ts measures, and none close to another or to the bench markers' brown.

/** The colours offered for a new trail or a recolour, in the order the form lists them. */
export const TRAIL_PALETTE = [
  { key: "blue", label: "Blue", hex: "#1d4ed8" },
  { key: "purple", label: "Purple", hex: "#7e22ce" },
  { key: "teal", label: "Teal", hex: "#0f766e" },
  { key: "red", label: "Red", hex: "#b91c1c" },
  { key: "olive", label: "Olive", hex: "#4d7c0f" },
  { key: "pink", label: "Pink", hex: "#be185d" },
] as const;

export type PaletteColor = (typeof TRAIL_PALETTE)[number]["key"];
export const PALETTE_KEYS = TRAIL_PALETTE.map((color) => color.key) as [PaletteColor, ...PaletteColor[]];

/** The sample trails' own colours, kept as they were (the old client reads them). */
export const SAMPLE_TRAIL_COLORS: Record<string, string> = { gold: "#ffd700", green: "#008000", gray: "#808080" };

/** A trail of a colour the app does not know (only ever written by SQL) is drawn blue, as it always was. */
const OTHER_TRAIL_COLOR = "#0000ff";

const HEX_BY_KEY: Record<string, string> = {
  ...SAMPLE_TRAIL_COLORS,
  ...Object.fromEntries(TRAIL_PALETTE.map(({ key, hex }) => [key, hex])),
};

/** The colour a trail's line is drawn in. */
export function trailStrokeColor(color: string): string {
  return HEX_BY_KEY[color.toLowerCase()] ?? OTHER_TRAIL_COLOR;
}

/** What the colour is called on the pages ("Teal"). */
export function trailColorLabel(color: string): string {
  const key = color.toLowerCase();
  const known = TRAIL_PALETTE.find((entry) => entry.key === key)?.label;
  return known ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** The first palette colour no trail uses yet (the first of all when every one is taken): a new trail's default. */
export function nextPaletteColor(used: Iterable<string>): PaletteColor {
  const taken = new Set([...used].map((color) => color.toLowerCase()));
  return PALETTE_KEYS.find((key) => !taken.has(key)) ?? PALETTE_KEYS[0];
}

/** WCAG 2.1's relative luminance of "#rrggbb". */
function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1's contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
