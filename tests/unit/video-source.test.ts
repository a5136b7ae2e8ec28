import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  extractVimeoVideo,
  extractYouTubeId,
  normalizeVideoUrl,
  videoPlayerFor,
  youTubeEmbedUrl,
  youTubeThumbnailUrl,
} from "~/lib/video-source";

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

describe("Vimeo links", () => {
  it.each([
    ["https://vimeo.com/76979871", { id: "76979871", hash: null }],
    ["https://www.vimeo.com/76979871?share=copy", { id: "76979871", hash: null }],
    ["https://vimeo.com/76979871/8272103f6e", { id: "76979871", hash: "8272103f6e" }],
    ["https://vimeo.com/groups/fitness/videos/76979871", { id: "76979871", hash: null }],
    ["https://player.vimeo.com/video/76979871?h=8272103f6e", { id: "76979871", hash: "8272103f6e" }],
  ])("%s", (input, video) => {
    expect(extractVimeoVideo(input)).toEqual(video);
  });

  it.each([
    "https://vimeo.com/",
    "https://vimeo.com/about",
    "https://vimeo.com.evil.example/76979871",
    "https://player.vimeo.com/76979871",
  ])("rejects %j", (input) => {
    expect(extractVimeoVideo(input)).toBeNull();
  });
});

describe("how a stored link plays", () => {
  const config = {
    youTubeEmbedHost: "https://www.youtube-nocookie.com",
    mediaOrigins: ["https://trails.example.edu", "https://media.example.edu"],
  };

  it("YouTube and Vimeo through the facade (Vimeo with dnt=1), with their own pages for the no-script link", () => {
    expect(videoPlayerFor("https://www.youtube.com/embed/xTUmZcxf_tI", config)).toEqual({
      kind: "embed",
      src: "https://www.youtube-nocookie.com/embed/xTUmZcxf_tI",
      hostPage: "https://www.youtube.com/watch?v=xTUmZcxf_tI",
      hostName: "YouTube",
    });
    expect(videoPlayerFor("https://player.vimeo.com/video/76979871?h=8272103f6e", config)).toEqual({
      kind: "embed",
      src: "https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1",
      hostPage: "https://vimeo.com/76979871/8272103f6e",
      hostName: "Vimeo",
    });
  });

  it("files natively only from the allowed media origins; elsewhere, and other pages, as links", () => {
    expect(videoPlayerFor("https://media.example.edu/a/warm-up.webm", config)).toEqual({
      kind: "file",
      src: "https://media.example.edu/a/warm-up.webm",
      type: "video/webm",
    });
    expect(videoPlayerFor("https://trails.example.edu/media/warm-up.mp4", config)).toMatchObject({
      kind: "file",
      type: "video/mp4",
    });
    expect(videoPlayerFor("https://other.example.org/warm-up.mp4", config)).toEqual({
      kind: "page",
      href: "https://other.example.org/warm-up.mp4",
      hostName: "other.example.org",
    });
    expect(videoPlayerFor("https://www.college.edu/wellness", config)).toEqual({
      kind: "page",
      href: "https://www.college.edu/wellness",
      hostName: "college.edu",
    });
    expect(videoPlayerFor("http://www.college.edu/wellness", config)).toBeNull();
  });

  it("property: whatever is typed, a stored link is https and plays as https", () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()), (input) => {
        const stored = normalizeVideoUrl(input);
        if (stored === null) return true;
        if (!stored.startsWith("https://")) return false;
        // Storing is idempotent: a stored link normalises to itself.
        if (normalizeVideoUrl(stored) !== stored) return false;
        const player = videoPlayerFor(stored, config);
        const address = player ? ("src" in player ? player.src : player.href) : "";
        return address.startsWith("https://");
      }),
      { numRuns: 500 },
    );
  });
});
