// "Know before you go": the facts a walker asks about before leaving, their words on the pages and the
// phrases the directions are made of. Shared by the server-rendered pages, the admin forms and the API's
// schemas (~/schemas/facts). A null fact is one nobody has recorded yet: it reads "Not recorded", never "no".

export const SURFACES = ["paved", "gravel", "boardwalk", "grass", "mixed"] as const;
export type Surface = (typeof SURFACES)[number];
export const SURFACE_LABELS: Record<Surface, string> = {
  paved: "Paved",
  gravel: "Gravel",
  boardwalk: "Boardwalk",
  grass: "Grass",
  mixed: "Mixed (paved and unpaved)",
};

/** Shade and lighting are told on one scale: none, some of the way, all of it. */
const LEVELS = ["none", "partial", "full"] as const;
type Level = (typeof LEVELS)[number];

export const SHADE_LEVELS = LEVELS;
export type ShadeLevel = Level;
export const LIGHTING_LEVELS = LEVELS;
export type LightingLevel = Level;

export const TRAIL_SHADE_LABELS: Record<ShadeLevel, string> = {
  none: "Little or none",
  partial: "Partly shaded",
  full: "Mostly shaded",
};
export const BENCH_SHADE_LABELS: Record<ShadeLevel, string> = {
  none: "In the open",
  partial: "Partly shaded",
  full: "In the shade",
};

export const LIGHTING_LABELS: Record<LightingLevel, string> = {
  none: "Not lit after dark",
  partial: "Partly lit after dark",
  full: "Lit along its whole length",
};

export const NOT_RECORDED = "Not recorded";

export type TrailFacts = {
  surface: Surface | null;
  /** 0 is step-free; null is not recorded. */
  steps: number | null;
  /** Where the steps are, when there are any. */
  stepsLocation: string | null;
  steepestGradePercent: number | null;
  shade: ShadeLevel | null;
  lighting: LightingLevel | null;
  /** Where the nearest restrooms are; null when there are none nearby. */
  restrooms: string | null;
  /** Where drinking water is; null when there is none nearby. */
  water: string | null;
};

export type BenchFacts = {
  backrest: boolean | null;
  armrests: boolean | null;
  shade: ShadeLevel | null;
  seatHeightCm: number | null;
  wheelchairSpace: boolean | null;
};

export const TRAIL_FACT_KEYS = [
  "surface",
  "steps",
  "stepsLocation",
  "steepestGradePercent",
  "shade",
  "lighting",
  "restrooms",
  "water",
] as const;
export const BENCH_FACT_KEYS = ["backrest", "armrests", "shade", "seatHeightCm", "wheelchairSpace"] as const;

/** Step-free as the API and the page say it: true, false, or null when the steps are not recorded. */
export function isStepFree(facts: Pick<TrailFacts, "steps">): boolean | null {
  return facts.steps === null ? null : facts.steps === 0;
}

const yesNo = (value: boolean | null) => (value === null ? NOT_RECORDED : value ? "Yes" : "No");

/** The trail page's fact list, label and text, in the order the page shows them. */
export function trailFactRows(facts: TrailFacts): { label: string; value: string }[] {
  const stepFree = isStepFree(facts);
  return [
    { label: "Surface", value: facts.surface ? SURFACE_LABELS[facts.surface] : NOT_RECORDED },
    {
      label: "Step-free",
      value:
        stepFree === null
          ? NOT_RECORDED
          : stepFree
            ? "Yes"
            : `No: ${facts.steps} ${facts.steps === 1 ? "step" : "steps"}${facts.stepsLocation ? ` ${facts.stepsLocation}` : ""}`,
    },
    {
      label: "Steepest grade",
      value: facts.steepestGradePercent === null ? NOT_RECORDED : `${formatPercent(facts.steepestGradePercent)}%`,
    },
    { label: "Shade", value: facts.shade ? TRAIL_SHADE_LABELS[facts.shade] : NOT_RECORDED },
    { label: "Lighting", value: facts.lighting ? LIGHTING_LABELS[facts.lighting] : NOT_RECORDED },
    { label: "Restrooms and water", value: restroomsAndWater(facts) },
  ];
}

function restroomsAndWater({ restrooms, water }: Pick<TrailFacts, "restrooms" | "water">) {
  // Both in one place: the row's label already says what is there.
  if (restrooms && water && restrooms === water) return restrooms;
  return [
    restrooms ? `Restrooms: ${restrooms}` : "No restrooms nearby",
    water ? `Water: ${water}` : "no drinking water nearby",
  ].join("; ");
}

function formatPercent(value: number) {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** The bench page's fact list. */
export function benchFactRows(facts: BenchFacts): { label: string; value: string }[] {
  return [
    { label: "Backrest", value: yesNo(facts.backrest) },
    { label: "Armrests", value: yesNo(facts.armrests) },
    { label: "Shade", value: facts.shade ? BENCH_SHADE_LABELS[facts.shade] : NOT_RECORDED },
    {
      label: "Seat height",
      value:
        facts.seatHeightCm === null
          ? NOT_RECORDED
          : `${facts.seatHeightCm} cm (${Math.round(facts.seatHeightCm / 2.54)} in)`,
    },
    { label: "Room for a wheelchair beside it", value: yesNo(facts.wheelchairSpace) },
  ];
}

/**
 * What a direction says of the bench it leads to: "a seat with a backrest and armrests in the shade,
 * with room for a wheelchair beside it". Only recorded facts are named; nothing recorded says nothing.
 */
export function benchPhrase(facts: BenchFacts): string {
  const supports = [facts.backrest ? "a backrest" : null, facts.armrests ? "armrests" : null].filter(Boolean);
  const shade =
    facts.shade === "full"
      ? " in the shade"
      : facts.shade === "partial"
        ? " in partial shade"
        : facts.shade === "none"
          ? " in the open"
          : "";
  const recorded = facts.backrest !== null || facts.armrests !== null || facts.shade !== null;
  if (!recorded && !facts.wheelchairSpace) return "";
  const seat =
    supports.length > 0
      ? `a seat with ${supports.join(" and ")}`
      : facts.backrest === false && facts.armrests === false
        ? "a seat without a backrest"
        : "a seat";
  return `${seat}${shade}${facts.wheelchairSpace ? ", with room for a wheelchair beside it" : ""}`;
}
