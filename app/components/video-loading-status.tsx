import { useNavigation } from "@remix-run/react";
import { isVideoTopicPath } from "~/lib/video-topics";

/**
 * 'Loading videos...' while a client-side navigation fetches one of the video pages. The live region
 * is always in the page so screen readers announce the text when it appears; it has no status role so
 * that the flash message stays the page's only status region.
 */
export function VideoLoadingStatus() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && isVideoTopicPath(navigation.location.pathname);
  return (
    <div aria-live="polite" aria-atomic="true" className={loading ? "sticky top-0 z-20" : "sr-only"}>
      {loading ? (
        <p className="flex items-center justify-center gap-2 bg-gold-400 px-4 py-2 text-sm font-semibold text-brand-900">
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-brand-900 border-t-transparent motion-reduce:animate-none"
          />
          Loading videos...
        </p>
      ) : null}
    </div>
  );
}
