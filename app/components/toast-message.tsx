import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

type ToastData = { type: "success" | "error" | "info"; message: string };

const styles = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-sky-700 bg-sky-50 text-sky-900",
};

/**
 * The flash message after a redirect, announced to screen readers. With JavaScript it can be dismissed;
 * without, it is gone on the next page anyway, so no button is shown that could do nothing.
 */
export function ToastMessage({ toast }: { toast: ToastData | null }) {
  const hydrated = useHydrated();
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
