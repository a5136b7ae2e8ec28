import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoLibraryPage } from "~/components/video-library";
import {
  getVideoTopic,
  isVideoTopicPath,
  topicForSubCategory,
  VIDEO_SUB_CATEGORIES,
  VIDEO_TOPICS,
} from "~/lib/video-topics";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("an empty topic says so instead of showing nothing", () => {
  it("a one-subCategory topic", () => {
    const html = renderToStaticMarkup(
      createElement(VideoLibraryPage, { topic: getVideoTopic("injuryPrevention"), videos: [] }),
    );
    expect(text(html)).toContain("Injury Prevention");
    expect(text(html)).toContain("There are no videos in this topic yet. Please check back soon.");
    expect(html).not.toContain("<article");
  });

  it("nutrition and hydration: each group, in order", () => {
    const html = text(
      renderToStaticMarkup(
        createElement(VideoLibraryPage, { topic: getVideoTopic("nutritionandHydration"), videos: [] }),
      ),
    );
    const nutrition = html.indexOf("There are no nutrition videos yet.");
    const hydration = html.indexOf("There are no hydration videos yet.");
    expect(nutrition).toBeGreaterThan(-1);
    expect(hydration).toBeGreaterThan(nutrition);
  });
});

describe("video topics", () => {
  it("use the published route spellings and cover every subCategory once", () => {
    expect(VIDEO_TOPICS.map((t) => t.path)).toEqual([
      "/bodyWeightExercises",
      "/strechesForWalking",
      "/properWalkingTechniques",
      "/nutritionandHydration",
      "/injuryPrevention",
    ]);
    expect(VIDEO_TOPICS.flatMap((t) => t.subCategories).toSorted()).toEqual([...VIDEO_SUB_CATEGORIES].toSorted());
    expect(getVideoTopic("nutritionandHydration").subCategories).toEqual(["Nutrition", "Hydration"]);
  });

  it("find a video's library and recognise library paths", () => {
    expect(topicForSubCategory("Hydration")?.path).toBe("/nutritionandHydration");
    expect(topicForSubCategory("Yoga")).toBeUndefined();
    expect(isVideoTopicPath("/strechesForWalking")).toBe(true);
    expect(isVideoTopicPath("/strechesForWalking/")).toBe(true);
    expect(isVideoTopicPath("/trails")).toBe(false);
  });
});
