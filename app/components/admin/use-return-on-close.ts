import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A confirmation opened by URL (?confirm=…) that is dismissed with JavaScript (Close, Escape, backdrop)
 * also leaves that URL, so a reload or Back does not ask again.
 */
export function useReturnOnDialogClose(dialogId: string, to: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = document.getElementById(dialogId);
    if (!dialog) return;
    const onClose = () => {
      if (new URLSearchParams(window.location.search).has("confirm")) navigate(to, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [dialogId, to, navigate]);
}
