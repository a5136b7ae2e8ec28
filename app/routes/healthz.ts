import { checkHealth } from "~/utils/health.server";
import { applySecurityHeaders } from "~/utils/security.server";

export async function loader() {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: applySecurityHeaders(new Headers({ "Cache-Control": "no-store" })),
  });
}
