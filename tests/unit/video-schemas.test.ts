import { describe, expect, it } from "vitest";
import { videoInputSchema, videoMessages, youTubeLinkSchema } from "~/schemas/video";
import { normalizeYouTubeUrl } from "~/lib/youtube";

// What an admin pastes into the Add/Edit video form's link box, and what is stored.
describe("YouTube links from the admin form", () => {
  it.each([
    ["https://www.youtube.com/watch?v=IR0yV_3DfBo", "IR0yV_3DfBo"],
    ["https://www.youtube.com/watch?feature=share&v=IR0yV_3DfBo&t=42s", "IR0yV_3DfBo"],
    ["https://youtu.be/pSHjTRCQxIw", "pSHjTRCQxIw"],
    ["https://youtu.be/pSHjTRCQxIw?si=abcDEF&t=10", "pSHjTRCQxIw"],
    ["youtu.be/pSHjTRCQxIw", "pSHjTRCQxIw"],
    ["https://www.youtube.com/embed/xTUmZcxf_tI", "xTUmZcxf_tI"],
    ["https://www.youtube-nocookie.com/embed/xTUmZcxf_tI?autoplay=1&rel=0", "xTUmZcxf_tI"],
    ["https://www.youtube.com/shorts/a-B_c1D2e3F?feature=share", "a-B_c1D2e3F"],
    ["https://m.youtube.com/watch?v=IODxDxX7oi4&list=PL1", "IODxDxX7oi4"],
    ["   https://YOUTU.BE/pSHjTRCQxIw   ", "pSHjTRCQxIw"],
  ])("%s is stored as the embed URL of %s", (input, id) => {
    expect(normalizeYouTubeUrl(input)).toBe(`https://www.youtube.com/embed/${id}`);
    expect(youTubeLinkSchema.parse(input)).toBe(`https://www.youtube.com/embed/${id}`);
  });

  it.each(["https://vimeo.com/123456789", "https://www.youtube.com/watch?v=short", "https://www.youtube.com/channel/UCabc", "not a link", "javascript:alert(1)"])(
    "%s is refused with a clear message",
    (input) => {
      expect(normalizeYouTubeUrl(input)).toBeNull();
      const result = youTubeLinkSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(videoMessages.urlInvalid);
    },
  );

  it("an empty link says it is required", () => {
    expect(youTubeLinkSchema.safeParse("  ").error?.issues[0]?.message).toBe(videoMessages.urlRequired);
  });

  it("the whole form trims text and only accepts the six subcategories", () => {
    const parsed = videoInputSchema.parse({
      title: "  Hips  ",
      url: "youtu.be/pSHjTRCQxIw",
      category: " exercise ",
      subCategory: "Stretching",
    });
    expect(parsed).toEqual({ title: "Hips", url: "https://www.youtube.com/embed/pSHjTRCQxIw", category: "exercise", subCategory: "Stretching" });
    const refused = videoInputSchema.safeParse({ title: "x", url: "youtu.be/pSHjTRCQxIw", category: "y", subCategory: "Yoga" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([videoMessages.subCategoryRequired]);
  });
});
