import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

// Renders like the app's own entry (whole document, one buffer) minus its headers, nonce and logging.
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<RemixServer context={context} url={request.url} />, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => {
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(Buffer.concat(chunks), { headers, status }));
        });
        pipe(sink);
      },
      onShellError: reject,
    });
  });
}
