import { expect, test } from "./support/fixtures";

const PHONE = { width: 390, height: 844 };

// Every page and state's controls are held to 24 × 24 px on a phone by the page sweep in
// accessibility.spec.ts, on the same load as its axe scan (support/phone-layout.ts). What remains here
// is drawn inside an image, which no control measure sees.
test.describe("what a phone shows is large enough to use", () => {
  test("the landing page's map legend reads at 12 px or more", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const image = page.getByRole("img", {
      name: /^Map of the campus's three trails \(Gold Trail, Green Trail, and Gray Trail\)/,
    });
    const svg = await (await page.request.get((await image.getAttribute("src"))!)).text();
    for (const name of ["Gold Trail", "Green Trail", "Gray Trail", "Benches"]) expect(svg).toContain(`>${name}</text>`);
    // The legend's letters are drawn in the image's units; on screen they shrink with the image.
    const drawnWidth = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)![1]);
    const shownWidth = (await image.boundingBox())!.width;
    const fontSizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(fontSizes.length).toBeGreaterThan(0);
    for (const size of fontSizes) expect((size * shownWidth) / drawnWidth).toBeGreaterThanOrEqual(12);
  });
});
