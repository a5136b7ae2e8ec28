import type { LoaderFunctionArgs } from "@remix-run/node";
import { VideoLibraryRoute, videoLibraryMeta } from "~/components/video-library";
import { loadVideoLibrary } from "~/http/video-library.server";

export const meta = videoLibraryMeta("nutritionandHydration");
export const loader = ({ request }: LoaderFunctionArgs) => loadVideoLibrary(request, "nutritionandHydration");
export default VideoLibraryRoute;
