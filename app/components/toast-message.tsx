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
    <div
      role={toast?.type === "error" ? "alert" : "status"}
      aria-live="polite"
      className="mx-auto w-full max-w-6xl px-4 sm:px-6"
    >
      {toast && !hidden ? (
        <div
          className={`mt-4 flex items-start justify-between gap-4 rounded-lg border-l-4 px-4 py-3 ${styles[toast.type]}`}
        >
          <p className="font-medium">{toast.message}</p>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setHidden(true)}
              className="text-sm underline"
              aria-label="Dismiss message"
            >
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The id of the element the last flash message was named for, if any: a closed disclosure holding that
 * element opens, so the message is seen.
 */
export function useFlashAnchor(): string | null {
  return useRouteLoaderData<{ toast: ToastData | null }>("root")?.toast?.anchor ?? null;
}

function isReset(intent: string | null) {
  try {
    return (JSON.parse(intent ?? "") as { type?: unknown }).type === "reset";
  } catch {
    return false;
  }
}

/**
 * The result of the last submission about the element `anchor` names, shown inside it: the action's
 * refusal (`refusal`, from the reply the page got back) or the flash message the redirect named it for.
 * `alsoFor` takes in flash messages named for elements the page does not show (a row a search hides, or
 * one that is gone), so no message is lost. With JavaScript the message is scrolled into view and
 * focused; without, the form's or the redirect's fragment lands the page on the element.
 */
export function AnchoredMessage({
  anchor,
  refusal,
  alsoFor,
  className,
}: {
  anchor: string;
  refusal?: string[] | null;
  alsoFor?: (anchor: string) => boolean;
  className?: string;
}) {
  const toast = useRouteLoaderData<{ toast: ToastData | null }>("root")?.toast;
  const ref = useRef<HTMLDivElement>(null);
  // A message is the answer to one submission: the next attempt replaces it, even one that is refused
  // in the browser or by the server (neither brings a new flash message, so without this the old
  // "saved" would stand beside the new error).
  const [answered, setAnswered] = useState<ToastData | null>(null);
  useEffect(() => {
    if (!toast) return;
    const onSubmit = (event: SubmitEvent) => {
      // Conform resets a form after a success by submitting it with a hidden "__intent__" button whose
      // value is a reset: no new attempt, so the answer stays. (Its check of a field being corrected is
      // one: the error it may show replaces the old answer.)
      const submitter = event.submitter;
      if (submitter?.getAttribute("name") === "__intent__" && isReset(submitter.getAttribute("value"))) return;
      setAnswered(toast);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, [toast]);
  const named = toast?.anchor !== undefined && (toast.anchor === anchor || Boolean(alsoFor?.(toast.anchor)));
  const flashed = named && toast !== answered ? toast : null;
  // A refusal is newer than any flash message on the page: it came back from the last submission.
  const shown = refusal?.length
    ? { type: "error" as const, messages: refusal }
    : flashed
      ? { type: flashed.type, messages: [flashed.message] }
      : null;
  const answer = refusal?.length ? refusal : flashed;
  useEffect(() => {
    if (!answer || !ref.current) return;
    ref.current.scrollIntoView({ block: "nearest" });
    ref.current.focus({ preventScroll: true });
  }, [answer]);
  return (
    <div role={shown?.type === "error" ? "alert" : "status"} aria-live="polite" className={className}>
      {shown ? (
        <div
          ref={ref}
          tabIndex={-1}
          className={`mt-2 rounded-md border-l-4 px-3 py-2 text-left text-sm font-medium [overflow-wrap:anywhere] ${styles[shown.type]}`}
        >
          {shown.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
