import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import type { LonLat } from "../../../app/lib/geo";
import { trailGpx } from "../../../app/lib/trail-export";

/** The seeded trails' paths, as delivered (prisma/seed-data/trails.geojson). */
export function seededPath(name: "Gold Trail" | "Gray Trail" | "Green Trail"): LonLat[] {
  const features = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features as {
    properties: { name: string };
    geometry: { coordinates: LonLat[] };
  }[];
  return features.find((feature) => feature.properties.name === name)!.geometry.coordinates;
}

/** A GPX file of `coordinates`, written as the trail downloads write it. */
export function gpxFile(name: string, coordinates: readonly LonLat[]) {
  return { name, mimeType: "application/gpx+xml", buffer: Buffer.from(trailGpx({ name, coordinates }, [])) };
}

/** Opens the Trail area's folded "Replace the path from a file" when it is closed (the upload page's own form is always open). */
export async function openPathUpload(page: Page) {
  const disclosure = page.locator("details#trail-path-upload");
  if ((await disclosure.count()) > 0 && (await disclosure.getAttribute("open")) === null)
    await disclosure.locator("summary").click();
}

/** Chooses `file` in the page's "Replace the path from a file" form (the Trail area's, or the upload page's) and sends it. */
export async function uploadPathFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await openPathUpload(page);
  await page.getByLabel(/^GPX or GeoJSON file/).setInputFiles(file);
  await page.getByRole("button", { name: "Upload and preview" }).click();
}

/** Uploads through HTTP as the signed-in context; the preview's path (an upload waiting for Apply or Cancel). */
export async function uploadedPreview(
  request: APIRequestContext,
  trailId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const answer = await request.post(`/adminControlPanel/trail-path?trail=${trailId}`, {
    multipart: { file },
    maxRedirects: 0,
  });
  if (answer.status() !== 302) throw new Error(`the upload answered ${answer.status()}`);
  return answer.headers().location!;
}
