// Where a video's card is. The video pages ship no JavaScript, so every form on a card redirects back to
// one of these addresses: the anchor brings the person to the card they pressed, and `play` shows its player.

/** The id of a video's card, and so the anchor its forms return to. */
export function videoAnchor(videoId: string) {
  return `video-${videoId}`;
}

/** A library page at a video's card, with that video's player shown (`?play=<id>`) or its preview. */
export function libraryCardPath(pagePath: string, videoId: string, playing = false) {
  return `${pagePath}${playing ? `?play=${videoId}` : ""}#${videoAnchor(videoId)}`;
}

/** A video's own page, with its player shown (`?play=1`) or its preview. */
export function watchPagePath(videoId: string, playing = false) {
  return `/videos/${videoId}${playing ? "?play=1" : ""}`;
}

/** Where on a page a video's card is, with its player shown or not: a library page or the watch page. */
export type CardPath = (videoId: string, playing: boolean) => string;
