import type { ReactNode } from "react";

/** One of the page's sections: its heading (which names the section), a line on what it counts, its figures. */
export function AnalyticsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-stone-900">
        {title}
      </h2>
      <p className="text-stone-700">{intro}</p>
      {children}
    </section>
  );
}
