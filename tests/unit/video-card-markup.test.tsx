import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoLibraryPage } from "~/components/video-library";
import { MarkupCacheProvider } from "~/lib/shared-markup";
import { getVideoTopic, type VideoTopicSlug } from "~/lib/video-topics";
import type { VideoCardData } from "~/schemas/video";
import { createMarkupCache } from "~/utils/markup-cache.server";

// Decision 065: the server inserts each card's shared part from a cache as HTML. These tests hold that the
// page it sends is the page React renders card by card, and that nothing in stored data escapes React's escaping.

const youTube = {
  kind: "embed",
  src: "https://www.youtube-nocookie.com/embed/abc",
  hostPage: "https://www.youtube.com/watch?v=abc",
  hostName: "YouTube",
} as const;

function card(id: string, patch: Partial<VideoCardData> = {}): VideoCardData {
  return {
    id: id.padStart(24, "0"),
    title: `Video ${id}`,
    category: "exercise",
    subCategory: "Body Weight Exercises",
    description: `What video ${id} shows.`,
    views: 3,
    likes: 2,
    dislikes: 1,
    myReaction: null,
    player: youTube,
    thumbnail: { src: `/videos/thumbnails/${id.padStart(24, "0")}-0123456789abcdef.jpg`, width: 480, height: 360 },
    topic: "bodyWeight",
    ...patch,
  };
}

// Every kind of card: each player, no still, no description, the person's reactions, a playing card, a refusal.
const videos = [
  card("1"),
  card("2", { myReaction: "LIKE", views: 1, description: "" }),
  card("3", {
    myReaction: "DISLIKE",
    player: { kind: "file", src: "https://media.example.edu/walk.mp4", type: "video/mp4" },
    thumbnail: null,
  }),
  card("4", { player: { kind: "page", href: "https://example.org/video", hostName: "example.org" } }),
  card("5", { player: null, category: "Injury Prevention" }),
  card("6", { views: 1234567, likes: 0, dislikes: 0 }),
];
type States = { playing: string | null; refusal: { videoId: string | null; error: string } | null };
const states: States = { playing: videos[0].id, refusal: { videoId: videos[3].id, error: "Please slow down." } };

/** The document as sent: React's text separators (`<!-- -->`) are not part of the page a browser builds. */
const withoutSeparators = (html: string) => html.replaceAll("<!-- -->", "");

function page(
  slug: VideoTopicSlug,
  list: VideoCardData[],
  cache?: ReturnType<typeof createMarkupCache>,
  pageStates: States = states,
) {
  const element = <VideoLibraryPage topic={getVideoTopic(slug)} videos={list} states={pageStates} />;
  return withoutSeparators(
    renderToString(cache ? <MarkupCacheProvider value={cache}>{element}</MarkupCacheProvider> : element),
  );
}

describe("a video page from the markup cache", () => {
  it("is the same HTML as rendering every card, the first time and from the cache", () => {
    const cache = createMarkupCache();
    const fresh = page("bodyWeightExercises", videos);
    expect(fresh).toContain("<article");
    expect(page("bodyWeightExercises", videos, cache)).toBe(fresh);
    // Five cards are not playing: five templates, then the same five reused.
    expect(cache.size()).toBe(5);
    expect(page("bodyWeightExercises", videos, cache)).toBe(fresh);
    expect(cache.size()).toBe(5);
  });

  it("is the same with sections (h3 cards), with nothing playing, and for another person's counters", () => {
    const cache = createMarkupCache();
    const grouped = [
      card("7", { subCategory: "Nutrition" }),
      card("8", { subCategory: "Hydration", myReaction: "LIKE" }),
    ];
    const none: States = { playing: null, refusal: null };
    expect(page("nutritionandHydration", grouped, cache, none)).toBe(
      page("nutritionandHydration", grouped, undefined, none),
    );
    const someoneElse = grouped.map((video) => ({ ...video, views: 40, likes: 9, myReaction: null }));
    const theirs = page("nutritionandHydration", someoneElse, cache, none);
    expect(theirs).toBe(page("nutritionandHydration", someoneElse, undefined, none));
    expect(theirs).toContain("40 views");
    expect(theirs).not.toContain("You liked this video.");
  });

  it("renders a card again when its catalogue fields change, and only that card", () => {
    const cache = createMarkupCache();
    page("bodyWeightExercises", videos, cache);
    const renamed = videos.map((video, index) => (index === 2 ? { ...video, title: "Renamed by an admin" } : video));
    const html = page("bodyWeightExercises", renamed, cache);
    expect(html).toBe(page("bodyWeightExercises", renamed));
    expect(html).toContain("Renamed by an admin");
    expect(html).not.toContain("Video 3<");
    expect(cache.size()).toBe(5);
  });

  it("keeps markup in stored data escaped, a slot's own tag included", () => {
    const cache = createMarkupCache();
    const hostile = [
      card("9", {
        title: '<script>alert("title")</script>',
        description: "<wt-slot></wt-slot><img src=x onerror=alert(1)>",
        category: '"><script>alert(2)</script>',
      }),
    ];
    const html = page("bodyWeightExercises", hostile, cache, { playing: null, refusal: null });
    expect(html).toBe(page("bodyWeightExercises", hostile, undefined, { playing: null, refusal: null }));
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<wt-slot");
    expect(html).toContain("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;wt-slot&gt;&lt;/wt-slot&gt;&lt;img src=x onerror=alert(1)&gt;");
  });

  it("leaves no slot unfilled", () => {
    const html = renderToStaticMarkup(
      <MarkupCacheProvider value={createMarkupCache()}>
        <VideoLibraryPage topic={getVideoTopic("bodyWeightExercises")} videos={videos} states={states} />
      </MarkupCacheProvider>,
    );
    expect(html).not.toContain("wt-slot");
    expect(html.match(/<article /g)).toHaveLength(videos.length);
  });
});
