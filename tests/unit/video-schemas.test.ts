import { describe, expect, it } from "vitest";
import { videoInputSchema, videoMessages, videoLinkSchema } from "~/schemas/video";
import { benchMessages, benchVideoSchema } from "~/schemas/bench";
import { normalizeYouTubeUrl } from "~/lib/video-source";

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
    expect(videoLinkSchema.parse(input)).toBe(`https://www.youtube.com/embed/${id}`);
  });

  it("an empty link says it is required", () => {
    expect(videoLinkSchema.safeParse("  ").error?.issues[0]?.message).toBe(videoMessages.urlRequired);
  });
});

describe("links beyond YouTube, in the video and bench forms alike", () => {
  it.each([
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/76979871/8272103f6e", "https://player.vimeo.com/video/76979871?h=8272103f6e"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
    [
      "https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0",
      "https://player.vimeo.com/video/76979871?h=8272103f6e",
    ],
    ["https://media.example.edu/videos/warm-up.mp4", "https://media.example.edu/videos/warm-up.mp4"],
    ["https://media.example.edu/videos/Warm-Up.WEBM?v=2", "https://media.example.edu/videos/Warm-Up.WEBM?v=2"],
    ["https://www.college.edu/wellness/stretching", "https://www.college.edu/wellness/stretching"],
  ])("%s is stored as %s", (input, stored) => {
    expect(videoLinkSchema.parse(input)).toBe(stored);
    expect(benchVideoSchema.parse({ title: "x", url: input }).url).toBe(stored);
  });

  it.each([
    "http://media.example.edu/warm-up.mp4",
    "http://www.youtube.com/watch?v=IR0yV_3DfBo",
    "javascript:alert(1)",
    "JavaScript:alert(1)//https://youtu.be/pSHjTRCQxIw",
    "data:video/mp4;base64,AAAA",
    "ftp://media.example.edu/warm-up.mp4",
    "https://user:secret@media.example.edu/warm-up.mp4",
    "https://www.youtube.com/watch?v=short",
    "https://vimeo.com/channels/staffpicks",
    "not a link",
    "https://exa mple.edu/x",
  ])("%s is refused with a clear message", (input) => {
    const result = videoLinkSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(videoMessages.urlInvalid);
    expect(benchVideoSchema.safeParse({ title: "x", url: input }).error?.issues[0]?.message).toBe(
      benchMessages.urlInvalid,
    );
  });

  it("the whole form trims text and only accepts the six subcategories", () => {
    const parsed = videoInputSchema.parse({
      title: "  Hips  ",
      url: "youtu.be/pSHjTRCQxIw",
      category: " exercise ",
      subCategory: "Stretching",
    });
    expect(parsed).toEqual({
      title: "Hips",
      url: "https://www.youtube.com/embed/pSHjTRCQxIw",
      category: "exercise",
      subCategory: "Stretching",
    });
    const refused = videoInputSchema.safeParse({
      title: "x",
      url: "youtu.be/pSHjTRCQxIw",
      category: "y",
      subCategory: "Yoga",
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([videoMessages.subCategoryRequired]);
  });
});
