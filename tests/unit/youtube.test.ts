import { describe, expect, it } from "vitest";
import { extractYouTubeId, youTubeEmbedUrl, youTubeThumbnailUrl } from "~/lib/youtube";

describe("extractYouTubeId", () => {
  it.each([
    ["https://www.youtube.com/embed/xTUmZcxf_tI", "xTUmZcxf_tI"],
    ["https://www.youtube-nocookie.com/embed/xTUmZcxf_tI?autoplay=1", "xTUmZcxf_tI"],
    ["https://www.youtube.com/watch?v=IR0yV_3DfBo", "IR0yV_3DfBo"],
    ["https://www.youtube.com/watch?feature=share&v=IR0yV_3DfBo&t=42s", "IR0yV_3DfBo"],
    ["https://m.youtube.com/watch?v=IODxDxX7oi4", "IODxDxX7oi4"],
    ["http://youtube.com/watch?v=IODxDxX7oi4", "IODxDxX7oi4"],
    ["https://youtu.be/pSHjTRCQxIw", "pSHjTRCQxIw"],
    ["https://youtu.be/pSHjTRCQxIw?si=abc&t=10", "pSHjTRCQxIw"],
    ["youtu.be/pSHjTRCQxIw", "pSHjTRCQxIw"],
    ["www.youtube.com/watch?v=pSHjTRCQxIw", "pSHjTRCQxIw"],
    ["https://www.youtube.com/shorts/a-B_c1D2e3F", "a-B_c1D2e3F"],
    ["https://www.youtube.com/live/a-B_c1D2e3F?feature=shared", "a-B_c1D2e3F"],
    ["  https://YOUTU.BE/pSHjTRCQxIw  ", "pSHjTRCQxIw"],
  ])("%s → %s", (input, id) => {
    expect(extractYouTubeId(input)).toBe(id);
  });

  it.each([
    "",
    "not a url",
    "https://vimeo.com/123456789",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?list=PL123",
    "https://www.youtube.com/embed/",
    "https://www.youtube.com/channel/UCabcdefghijk",
    "https://evil.example/embed/xTUmZcxf_tI",
    "https://youtube.com.evil.example/watch?v=xTUmZcxf_tI",
    "javascript:alert(1)//youtu.be/xTUmZcxf_tI",
    "ftp://youtu.be/xTUmZcxf_tI",
    "https://youtu.be/xTUmZcxf_tI_extra",
  ])("rejects %j", (input) => {
    expect(extractYouTubeId(input)).toBeNull();
  });

  it("finds the id of every seeded video", async () => {
    const { default: videos } = await import("../../prisma/seed-data/videos.json");
    for (const video of videos) expect(extractYouTubeId(video.url), video.url).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });
});

describe("embed and thumbnail addresses", () => {
  it("builds the player address on the configured host, with autoplay only when asked", () => {
    expect(youTubeEmbedUrl("xTUmZcxf_tI", "https://www.youtube-nocookie.com")).toBe(
      "https://www.youtube-nocookie.com/embed/xTUmZcxf_tI",
    );
    expect(youTubeEmbedUrl("xTUmZcxf_tI", "https://www.youtube-nocookie.com/", { autoplay: true })).toBe(
      "https://www.youtube-nocookie.com/embed/xTUmZcxf_tI?autoplay=1",
    );
  });

  it("builds a thumbnail address on the configured host", () => {
    expect(youTubeThumbnailUrl("xTUmZcxf_tI", "https://i.ytimg.com")).toBe(
      "https://i.ytimg.com/vi/xTUmZcxf_tI/hqdefault.jpg",
    );
  });
});
