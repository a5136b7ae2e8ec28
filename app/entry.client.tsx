import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Resolves once the page's data (single fetch's stream at the end of the document) is decoded. A tap or
 * keystroke before React's first render makes React 18 hydrate at once, and RemixBrowser would suspend on
 * that decoding, which a synchronous render cannot: the page never came alive. RemixBrowser's first call
 * starts the decoding and throws its promise (docs/decisions/083-hydrate-after-the-page-data.md).
 */
async function pageDataDecoded() {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (typeof (thrown as PromiseLike<unknown> | null)?.then !== "function") throw thrown;
    await thrown;
  }
}

void pageDataDecoded().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
