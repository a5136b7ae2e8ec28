import type { LoaderFunctionArgs } from "@remix-run/node";
import { VideoLibraryRoute, videoLibraryMeta } from "~/components/video-library";
import { loadVideoLibrary } from "~/http/video-library.server";

export const meta = videoLibraryMeta("bodyWeightExercises");
export const loader = ({ request }: LoaderFunctionArgs) => loadVideoLibrary(request, "bodyWeightExercises");
export default VideoLibraryRoute;
