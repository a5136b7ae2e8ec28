import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ModalDialog } from "~/components/modal-dialog";

/**
 * Leaves the ?confirm= URL when a confirmation is dismissed with JavaScript (Close, Escape, the backdrop),
 * so a reload or Back does not ask again. Without JavaScript the dialog's Close is a link to `closeTo`.
 */
function useLeaveConfirmUrl(dialogId: string, closeTo: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = document.getElementById(dialogId);
    if (!dialog) return;
    const onClose = () => {
      if (new URLSearchParams(window.location.search).has("confirm"))
        navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [dialogId, closeTo, navigate]);
}

/**
 * The one confirmation step of the app (the admin areas, My walks): opened by a link to the page with ?confirm=…, so
 * without JavaScript it is a server-rendered step in the page, and with JavaScript a modal. Only the
 * confirming POST changes anything; Close leaves everything as it was.
 */
export function ConfirmDialog({
  id,
  title,
  prompt,
  children,
  open,
  closeTo,
  action,
  intent,
  fields,
  confirmLabel,
  tone = "danger",
}: {
  id: string;
  title: string;
  prompt: string;
  /** What is about to change, e.g. the coordinate's values or the video's title. */
  children?: ReactNode;
  open: boolean;
  closeTo: string;
  action: string;
  intent: string;
  fields: Record<string, string | number>;
  confirmLabel: string;
  tone?: "danger" | "primary";
}) {
  useLeaveConfirmUrl(id, closeTo);
  const busy = useNavigation().state === "submitting";
  return (
    <ModalDialog
      id={id}
      title={title}
      open={open}
      closeTo={closeTo}
      footer={
        open ? (
          <Form method="post" action={action} preventScrollReset>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button
              type="submit"
              name="intent"
              value={intent}
              className={tone === "danger" ? "btn-danger" : "btn-primary"}
              disabled={busy}
            >
              {confirmLabel}
            </button>
          </Form>
        ) : null
      }
    >
      {open ? (
        <>
          <p className="text-lg font-semibold [overflow-wrap:anywhere]">{prompt}</p>
          {children}
        </>
      ) : null}
    </ModalDialog>
  );
}
