import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { VideoLibraryRoute, videoLibraryMeta } from "~/components/video-library";
import { passRetryAfter } from "~/http/rate-limit.server";
import { loadVideoLibrary, videoLibraryAction } from "~/http/video-library.server";
import { withoutScripts } from "~/lib/page-scripts";

// Play and reactions are plain forms that come back to the card: the page needs no JavaScript.
export const handle = withoutScripts;
export const meta = videoLibraryMeta("nutritionandHydration");
export const loader = (args: LoaderFunctionArgs) => loadVideoLibrary(args, "nutritionandHydration");
export const action = (args: ActionFunctionArgs) => videoLibraryAction(args, "nutritionandHydration");
// A refused play or reaction's Retry-After reaches the page it renders.
export const headers = passRetryAfter;
export default VideoLibraryRoute;
