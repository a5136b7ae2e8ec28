import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";

// Any /api path no resource route claims: a JSON 404, never the HTML error page.
const notFound = async () => {
  throw new ApiError(404, "No such API endpoint.");
};

export const { loader, action } = apiRoute({
  GET: notFound,
  POST: notFound,
  PATCH: notFound,
  PUT: notFound,
  DELETE: notFound,
});
