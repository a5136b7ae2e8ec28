// The five video libraries. Kept free of zod and server code: it is imported by client components.

/** The illustrations a topic can show (drawn by components/topic-icon). */
export type Topic = "trails" | "bodyWeight" | "stretches" | "walking" | "nutrition" | "injury";

/** Video.subCategory values, in the order the admin forms offer them. */
export const VIDEO_SUB_CATEGORIES = [
  "Body Weight Exercise",
  "Walking Techniques",
  "Stretching",
  "Injury Prevention",
  "Nutrition",
  "Hydration",
] as const;
type VideoSubCategory = (typeof VIDEO_SUB_CATEGORIES)[number];

export type VideoTopic = {
  slug: VideoTopicSlug;
  /** The route path, spelled as the published addresses are ("streches" included): links to them keep working. */
  path: string;
  title: string;
  icon: Topic;
  /** Listed in this order: the nutrition page shows nutrition videos first, then hydration. */
  subCategories: readonly VideoSubCategory[];
  summary: string;
};

export type VideoTopicSlug =
  | "bodyWeightExercises"
  | "strechesForWalking"
  | "properWalkingTechniques"
  | "nutritionandHydration"
  | "injuryPrevention";

export const VIDEO_TOPICS: readonly VideoTopic[] = [
  {
    slug: "bodyWeightExercises",
    path: "/bodyWeightExercises",
    title: "Body Weight Exercises",
    icon: "bodyWeight",
    subCategories: ["Body Weight Exercise"],
    summary:
      "Strength moves that need no equipment: push-ups, planks, squats and lunges you can do at a trail bench. Aim for two or more strength days a week.",
  },
  {
    slug: "strechesForWalking",
    path: "/strechesForWalking",
    title: "Stretches For Walking",
    icon: "stretches",
    subCategories: ["Stretching"],
    summary:
      "Gentle warm-ups before you set off and cool-down stretches for calves, hamstrings and hips when you finish.",
  },
  {
    slug: "properWalkingTechniques",
    path: "/properWalkingTechniques",
    title: "Proper Walking Techniques",
    icon: "walking",
    subCategories: ["Walking Techniques"],
    summary: "Posture, stride length and arm swing that make walking easier on your joints and help you go further.",
  },
  {
    slug: "nutritionandHydration",
    path: "/nutritionandHydration",
    title: "Nutrition and Hydration",
    icon: "nutrition",
    subCategories: ["Nutrition", "Hydration"],
    summary:
      "What to eat and drink around activity: balanced meals, smart snacks and how much water to bring on a walk.",
  },
  {
    slug: "injuryPrevention",
    path: "/injuryPrevention",
    title: "Injury Prevention",
    icon: "injury",
    subCategories: ["Injury Prevention"],
    summary:
      "Warning signs to take seriously, sensible footwear and habits that keep small aches from becoming injuries.",
  },
];

export function getVideoTopic(slug: VideoTopicSlug): VideoTopic {
  const topic = VIDEO_TOPICS.find((t) => t.slug === slug);
  if (!topic) throw new Error(`unknown video topic ${slug}`);
  return topic;
}

/** The library a video belongs to, so its watch page can link back there. */
export function topicForSubCategory(subCategory: string): VideoTopic | undefined {
  return VIDEO_TOPICS.find((t) => (t.subCategories as readonly string[]).includes(subCategory));
}

export function isVideoTopicPath(pathname: string) {
  return VIDEO_TOPICS.some((t) => t.path === pathname.replace(/\/+$/, ""));
}
