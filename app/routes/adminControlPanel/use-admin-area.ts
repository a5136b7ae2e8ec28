import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { adminAreaUrl, type AdminOption } from "~/lib/navigation";

/** The error an area's action answered with (the control panel's actionData is shared by all areas). */
function areaError(actionData: unknown, area: AdminOption): string | null {
  if (!actionData || typeof actionData !== "object") return null;
  const value = actionData as { area?: unknown; error?: unknown };
  return value.area === area && typeof value.error === "string" ? value.error : null;
}

/**
 * What an admin area with URL-opened confirmations needs: the URL to return to (filter kept), the
 * action's error, and, when a confirmation is dismissed with JavaScript (Close, Escape, backdrop),
 * leaving its ?confirm URL so a reload or Back does not ask again.
 */
export function useAdminArea(area: AdminOption, q: string, dialogId: string, actionData: unknown) {
  const back = adminAreaUrl(area, { q });
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = document.getElementById(dialogId);
    if (!dialog) return;
    const onClose = () => {
      if (new URLSearchParams(window.location.search).has("confirm")) navigate(back, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [dialogId, back, navigate]);
  return { back, error: areaError(actionData, area) };
}
