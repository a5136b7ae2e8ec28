import { Form, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { ModalDialog } from "~/components/modal-dialog";

/**
 * A delete confirmation: opened by a link to a `?confirm=...` URL, so without JavaScript it is a
 * server-rendered step in the page and with JavaScript a modal. Only the confirming POST changes data;
 * Close (or Cancel) leaves everything as it was.
 */
export function ConfirmDeleteDialog({
  id,
  title,
  prompt,
  details,
  open,
  closeTo,
  action,
  fields,
  intent,
  confirmLabel = "Delete",
}: {
  id: string;
  title: string;
  prompt: string;
  /** What is about to go, e.g. the coordinate's values or the video's title. */
  details?: string;
  open: boolean;
  closeTo: string;
  action: string;
  fields: Record<string, string | number>;
  intent: string;
  confirmLabel?: string;
}) {
  const navigate = useNavigate();
  // With JavaScript the dialog closes in place; leave its ?confirm URL too, so a reload does not reopen it.
  useEffect(() => {
    const dialog = document.getElementById(id);
    if (!dialog) return;
    const onClose = () => {
      if (new URLSearchParams(window.location.search).has("confirm")) navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [id, closeTo, navigate]);
  return (
    <ModalDialog
      id={id}
      title={title}
      open={open}
      closeTo={closeTo}
      footer={
        <Form method="post" action={action} preventScrollReset>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" name="intent" value={intent} className="btn-danger">
            {confirmLabel}
          </button>
        </Form>
      }
    >
      <p className="text-lg">{prompt}</p>
      {details ? <p className="mt-2 text-stone-700">{details}</p> : null}
    </ModalDialog>
  );
}
