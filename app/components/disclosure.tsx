import type { ReactNode } from "react";

/**
 * A card folded under its title (a <details>): the browser opens and closes it, with or without
 * JavaScript, so a long admin area stays short on a phone.
 */
export function Disclosure({
  id,
  title,
  open,
  children,
}: {
  id?: string;
  title: string;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <details id={id} open={open} className="card group mb-6 scroll-mt-4">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 text-lg font-semibold">
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ▸
        </span>
        {title}
      </summary>
      {children}
    </details>
  );
}
