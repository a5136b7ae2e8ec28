// Limits every form submission shares. Remix reads a whole body into memory before an action sees it,
// so oversized submissions are refused from their declared length first.
export const MAX_FORM_BYTES = 64 * 1024;

const CROSS_SITE_MESSAGE = "host header does not match `origin` header";

/** Throws 413 for a submission that declares a body larger than any form of ours produces. */
export function assertBodyWithinLimit(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return;
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_FORM_BYTES) {
    throw new Response("The submitted form is too large.", { status: 413 });
  }
}

/** Remix's built-in CSRF check (an action whose Origin names another host) throws this error. */
export function isCrossSiteRefusal(error: unknown) {
  return error instanceof Error && error.message.includes(CROSS_SITE_MESSAGE);
}
