import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

function dialogById(id: string) {
  const element = typeof document === "undefined" ? null : document.getElementById(id);
  return element instanceof HTMLDialogElement ? element : null;
}

/**
 * A link that opens a <dialog> with JavaScript. Without JavaScript it is an ordinary link to a page
 * (or a ?step of this page) that shows the same content, so nothing depends on scripts.
 */
export function DialogLink({
  dialogId,
  to,
  className,
  children,
}: {
  dialogId: string;
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogById(dialogId);
    if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (!dialog.open) dialog.showModal();
  };
  return (
    <Link to={to} className={className} onClick={onClick} aria-haspopup="dialog">
      {children}
    </Link>
  );
}

/**
 * A modal dialog: closes by its Close button, the close icon, a click on the backdrop and Escape.
 * `open` comes from the server (e.g. `?confirm=delete`, or a submission with errors): without
 * JavaScript such a dialog is rendered open in the page, with JavaScript it becomes modal.
 * `closeTo` is where the Close controls lead without JavaScript. A dialog of `longText` (a policy to
 * read, with nothing to focus in it) scrolls in a focusable region, so a keyboard can scroll it too.
 */
export function ModalDialog({
  id,
  title,
  open = false,
  closeTo,
  children,
  footer,
  longText = false,
}: {
  id: string;
  title: string;
  open?: boolean;
  closeTo: string;
  children: ReactNode;
  footer?: ReactNode;
  longText?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const location = useLocation();

  useEffect(() => {
    const dialog = ref.current;
    if (!hydrated || !dialog) return;
    if (open && !dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [hydrated, open, location.key]);

  const close = () => ref.current?.close();

  return (
    // A press on the backdrop closes the dialog; from the keyboard, Escape closes it (the browser's own, for a modal <dialog>).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      // Server-rendered open (no JavaScript): shown in the flow of the page instead of floating.
      open={hydrated ? undefined : open || undefined}
      onClick={(event) => {
        if (event.target === ref.current) ref.current?.close();
      }}
      className="m-auto w-full max-w-2xl rounded-xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50 [&:not(:modal)]:relative [&:not(:modal)]:my-6 [&:not(:modal)]:border [&:not(:modal)]:border-stone-300 motion-safe:[&:modal]:animate-[dialog-in_300ms_ease-out]"
    >
      <div className="flex max-h-[85vh] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-6 py-4">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h2>
          <CloseControl
            hydrated={hydrated}
            closeTo={closeTo}
            onClose={close}
            label="Close dialog"
            className="-m-2 flex h-11 w-11 items-center justify-center rounded-md text-2xl leading-none text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <span aria-hidden="true">×</span>
          </CloseControl>
        </div>
        {longText ? (
          <div
            role="region"
            aria-labelledby={`${id}-title`}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling text must take focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
            tabIndex={0}
            className={body}
          >
            {children}
          </div>
        ) : (
          <div className={body}>{children}</div>
        )}
        <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 px-6 py-4">
          {footer}
          <CloseControl hydrated={hydrated} closeTo={closeTo} onClose={close} className="btn-secondary">
            Close
          </CloseControl>
        </div>
      </div>
    </dialog>
  );
}

/** The dialog's body, which scrolls between the title and the buttons when it is too tall for the screen. */
const body = "overflow-y-auto px-6 py-4 [overflow-wrap:anywhere]";

/** A real button with JavaScript; without it a link back to the page without the dialog. */
function CloseControl({
  hydrated,
  closeTo,
  onClose,
  label,
  className,
  children,
}: {
  hydrated: boolean;
  closeTo: string;
  onClose: () => void;
  label?: string;
  className: string;
  children: ReactNode;
}) {
  return hydrated ? (
    <button type="button" onClick={onClose} aria-label={label} className={className}>
      {children}
    </button>
  ) : (
    <Link to={closeTo} preventScrollReset aria-label={label} className={className}>
      {children}
    </Link>
  );
}
