import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

type ToastData = { type: "success" | "error" | "info"; message: string; anchor?: string };

const styles = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-sky-700 bg-sky-50 text-sky-900",
};

/**
 * The flash message after a redirect, announced to screen readers. With JavaScript it can be dismissed;
 * without, it is gone on the next page anyway, so no button is shown that could do nothing.
 */
export function ToastMessage({ toast: flashed }: { toast: ToastData | null }) {
  const hydrated = useHydrated();
  // A message that belongs beside a row is shown there (AnchoredMessage), not at the top of the page.
  const toast = flashed?.anchor ? null : flashed;
  const [hidden, setHidden] = useState(false);
  const previous = useRef(toast);
  useEffect(() => {
    if (previous.current !== toast) setHidden(false);
    previous.current = toast;
  }, [toast]);
  return (
    <div role={toast?.type === "error" ? "alert" : "status"} aria-live="polite" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      {toast && !hidden ? (
        <div className={`mt-4 flex items-start justify-between gap-4 rounded-lg border-l-4 px-4 py-3 ${styles[toast.type]}`}>
          <p className="font-medium">{toast.message}</p>
          {hydrated ? (
            <button type="button" onClick={() => setHidden(true)} className="text-sm underline" aria-label="Dismiss message">
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The flash message of a submission made from the element `anchor` names, shown inside it. With
 * JavaScript it is scrolled into view and focused; without, the redirect's fragment lands the page on it.
 */
export function AnchoredMessage({ anchor }: { anchor: string }) {
  const toast = useRouteLoaderData<{ toast: ToastData | null }>("root")?.toast;
  const ref = useRef<HTMLParagraphElement>(null);
  // A message is the answer to one submission: the next attempt replaces it, even one that is refused
  // in the browser or by the server (neither brings a new flash message, so without this the old
  // "saved" would stand beside the new error).
  const [answered, setAnswered] = useState<ToastData | null>(null);
  useEffect(() => {
    if (!toast) return;
    const onSubmit = () => setAnswered(toast);
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, [toast]);
  const mine = toast?.anchor === anchor && toast !== answered ? toast : null;
  useEffect(() => {
    if (!mine || !ref.current) return;
    ref.current.scrollIntoView({ block: "nearest" });
    ref.current.focus({ preventScroll: true });
  }, [mine]);
  return (
    <div role={mine?.type === "error" ? "alert" : "status"} aria-live="polite">
      {mine ? (
        <p ref={ref} tabIndex={-1} className={`mt-2 rounded-md border-l-4 px-3 py-2 text-sm font-medium ${styles[mine.type]}`}>
          {mine.message}
        </p>
      ) : null}
    </div>
  );
}
