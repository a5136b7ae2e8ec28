import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { auditApiWrite } from "~/http/admin-audit.server";
import { ApiError, apiJson, errorBody } from "~/http/api-answers.server";
import { xsrfCookieHeader } from "~/http/xsrf.server";
import { isDatabaseUnavailable } from "~/utils/database.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";

// One API resource route: the method's handler, every thrown error in the JSON error shape, CORS for the
// configured origins and the XSRF cookie. What answers are made of is api-answers.server.ts, reading a
// call api-input.server.ts, who calls api-auth.server.ts, versions (ETag, If-Match) api-versions.server.ts.

/** The request's origin when it is one CORS_ORIGINS lists (the gate has already refused other writes). */
function allowedOrigin(request: Request): string | null {
  const origin = request.headers.get("Origin");
  if (!origin) return null;
  const allowed = env.CORS_ORIGINS.split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  return allowed.includes(origin) ? origin : null;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type Handler = (args: { request: Request; params: Record<string, string | undefined> }) => Promise<Response | unknown>;

async function finish(request: Request, response: Response) {
  const origin = allowedOrigin(request);
  if (origin) {
    response.headers.set("Access-Control-Allow-Origin", origin);
    response.headers.set("Access-Control-Allow-Credentials", "true");
    response.headers.set("Access-Control-Expose-Headers", "Warning, Retry-After, Link, ETag");
    response.headers.append("Vary", "Origin");
  }
  const xsrf = await xsrfCookieHeader(request);
  if (xsrf) response.headers.append("Set-Cookie", xsrf);
  return response;
}

const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again shortly.";

function toResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    return apiJson(errorBody(error.message, error.fieldErrors), { status: error.status, headers: error.headers });
  }
  if (error instanceof Response) {
    // A guard or model threw a Remix response (redirect, 403): say it in the API's own terms.
    const status = error.status >= 300 && error.status < 400 ? 401 : error.status;
    const message =
      status === 401
        ? "You must be signed in."
        : status === 403
          ? "Administrator access is required."
          : status === 503
            ? UNAVAILABLE_MESSAGE
            : "Request failed.";
    return apiJson(errorBody(message), { status });
  }
  const unavailable = isDatabaseUnavailable(error);
  if (!unavailable)
    log("error", "api handler failed", { error: error instanceof Error ? error.message : String(error) });
  return apiJson(errorBody(unavailable ? UNAVAILABLE_MESSAGE : "Something went wrong on our side."), {
    status: unavailable ? 503 : 500,
  });
}

/**
 * One API resource route: dispatches by method, answers unknown methods with 405, maps every thrown
 * error to the JSON error shape, and adds CORS (configured origins only) and the XSRF cookie.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>) {
  const run = async ({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) => {
    const method = request.method.toUpperCase() as Method | "OPTIONS" | "HEAD";
    let response: Response;
    try {
      if (method === "OPTIONS") {
        const origin = allowedOrigin(request);
        response = new Response(null, {
          status: origin ? 204 : 403,
          headers: origin
            ? {
                "Access-Control-Allow-Methods": Object.keys(handlers).join(", "),
                "Access-Control-Allow-Headers": "Content-Type, Authorization, X-XSRF-TOKEN, If-Match",
                "Access-Control-Max-Age": "600",
              }
            : {},
        });
      } else {
        const handler = handlers[method === "HEAD" ? "GET" : method];
        if (!handler) {
          throw new ApiError(405, `Method ${method} is not allowed here.`);
        }
        const result = await handler({ request, params });
        response = result instanceof Response ? result : apiJson(result);
        auditApiWrite(request, response.status);
      }
    } catch (error) {
      response = toResponse(error);
      if (response.status === 405) response.headers.set("Allow", Object.keys(handlers).join(", "));
    }
    return finish(request, response);
  };
  return { loader: run, action: run };
}
