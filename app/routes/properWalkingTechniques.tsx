import type { LoaderFunctionArgs } from "@remix-run/node";
import { VideoLibraryRoute, videoLibraryMeta } from "~/components/video-library";
import { loadVideoLibrary } from "~/http/video-library.server";

export const meta = videoLibraryMeta("properWalkingTechniques");
export const loader = ({ request }: LoaderFunctionArgs) => loadVideoLibrary(request, "properWalkingTechniques");
export default VideoLibraryRoute;
