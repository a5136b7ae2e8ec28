import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { VideoLibraryRoute, videoLibraryPage } from "~/components/video-library";
import { passRetryAfter } from "~/http/rate-limit.server";
import { loadVideoLibrary, videoLibraryAction } from "~/http/video-library.server";

// One of the five topic pages: its page, title and handle (no scripts) are the library's.
export const { meta, handle } = videoLibraryPage("strechesForWalking");
export const loader = (args: LoaderFunctionArgs) => loadVideoLibrary(args, "strechesForWalking");
export const action = (args: ActionFunctionArgs) => videoLibraryAction(args, "strechesForWalking");
// A refused play or reaction's Retry-After reaches the page it renders.
export const headers = passRetryAfter;
export default VideoLibraryRoute;
