/**
 * A drawing served at an address its digest names (a trail's line, the landing page's map): kept by the
 * browser for a year; a 404 once the address names a drawing that is no longer current.
 */
export function svgFileAnswer(svg: string | null) {
  if (svg === null)
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
