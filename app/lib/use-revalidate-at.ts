import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** The longest a browser timer can wait (about 24.8 days); a later moment waits for the next visit. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Reloads the page's data at `iso` (a notice's start or end): a page left open shows a notice appear and
 * go on time without anyone acting. Without JavaScript the next load shows it, as the server decides.
 */
export function useRevalidateAt(iso: string | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!iso) return;
    // A moment past the boundary, so the server's clock is surely beyond it too.
    const wait = Date.parse(iso) - Date.now() + 1000;
    if (Number.isNaN(wait) || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(revalidate, Math.max(wait, 0));
    return () => clearTimeout(timer);
  }, [iso, revalidate]);
}
