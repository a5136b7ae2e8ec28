import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { TopicIllustration } from "~/components/topic-icon";
import { VIDEO_TOPICS } from "~/lib/video-topics";

describe("the illustration a video shows until its still is stored", () => {
  test("each topic has its own colours and its own drawing", () => {
    const drawings = VIDEO_TOPICS.map(({ icon }) => renderToString(<TopicIllustration topic={icon} />));
    const colours = drawings.map((html) => /class="absolute inset-0 ([^"]+)"/.exec(html)?.[1]);
    const shapes = drawings.map((html) => html.replace(/class="[^"]*"/g, ""));
    expect(new Set(colours).size).toBe(VIDEO_TOPICS.length);
    expect(new Set(shapes).size).toBe(VIDEO_TOPICS.length);
    // Decorative: the card's title names the video.
    for (const html of drawings) expect(html).toContain('aria-hidden="true"');
  });
});
