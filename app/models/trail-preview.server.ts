import { createHash } from "node:crypto";
import { counted } from "~/lib/counted";
import { trailPreviewSvg } from "~/lib/trail-preview-svg";
import { listBenches } from "~/models/bench.server";
import { listTrailsWithCoordinates } from "~/models/trail.server";
import { currentDataCache } from "~/utils/current-data-cache.server";
import type { DataVersions } from "~/utils/versioned-cache.server";

export type LandingTrails = {
  trails: { name: string; slug: string }[];
  benchCount: number;
  /** The drawn map of every trail and bench; null on a campus without trails. */
  preview: { src: string; width: number; height: number; alt: string } | null;
};

const listed = (names: string[]) => new Intl.ListFormat("en-US", { type: "conjunction" }).format(names);

/**
 * The landing page's trails and its map preview, drawn from what the campus has (decision 082): worked out
 * once per change of the trails or benches, and served at an address its digest names, so a browser keeps
 * the picture for a year and an edit comes at a new address.
 */
const landing = currentDataCache(async () => {
  const [trails, benches] = await Promise.all([listTrailsWithCoordinates(), listBenches()]);
  const drawing = trails.length > 0 ? trailPreviewSvg(trails, benches) : null;
  const digest = drawing ? createHash("sha256").update(drawing.svg).digest("base64url").slice(0, 16) : null;
  const value: LandingTrails & { file: { digest: string; svg: string } | null } = {
    trails: trails.map(({ name, slug }) => ({ name, slug })),
    benchCount: benches.length,
    preview:
      drawing && digest
        ? {
            src: `/trails/preview/${digest}.svg`,
            width: drawing.width,
            height: drawing.height,
            alt: `Map of the campus's ${counted(trails.length, ["trail", "trails"])} (${listed(trails.map((trail) => trail.name))}) with ${counted(drawing.benches, ["bench", "benches"])}.`,
          }
        : null,
    file: drawing && digest ? { digest, svg: drawing.svg } : null,
  };
  return { value, validUntil: null };
});

/** What the landing page shows of the campus's trails. */
export async function landingTrails(versions?: DataVersions): Promise<LandingTrails> {
  const { trails, benchCount, preview } = await landing(versions);
  return { trails, benchCount, preview };
}

/** The preview's SVG while `digest` names the current drawing; null once the trails or benches changed. */
export async function trailPreviewFile(digest: string): Promise<string | null> {
  const { file } = await landing();
  return file?.digest === digest ? file.svg : null;
}
