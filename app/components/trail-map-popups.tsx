// The interactive map's popups: a bench's details, or the list of a group of benches too close to tell apart.
import { useId, type ReactNode } from "react";
import { BenchVideoLinks } from "~/components/bench-video-links";
import { NoticeMark } from "~/components/notice-banner";
import { ReportLink } from "~/components/report-link";
import type { MapBench } from "~/components/trail-map-types";

/** A popup's width: the map places it where this much room is free. */
export const POPUP_WIDTH_PX = 256;

function PopupFrame({ heading, onClose, children }: { heading: string; onClose: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog, as in every dialog of the app
    <div
      role="dialog"
      aria-labelledby={headingId}
      style={{ width: POPUP_WIDTH_PX }}
      className="relative rounded-lg border border-stone-300 bg-white p-4 text-sm text-stone-800 shadow-lg"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="flex items-start justify-between gap-2">
        {/* The map follows the page's h1 (the sections after it are h2): an h3 here skipped a level. */}
        <h2 id={headingId} className="text-base font-semibold text-stone-900">
          {heading}
        </h2>
        <button
          data-popup-close
          type="button"
          onClick={onClose}
          aria-label="Close bench details"
          className="-mt-2 -mr-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-lg leading-none text-stone-700 hover:bg-stone-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </div>
  );
}

export function BenchPopup({ bench, onClose }: { bench: MapBench; onClose: () => void }) {
  return (
    <PopupFrame heading={`Bench ${bench.benchNumber}`} onClose={onClose}>
      <p className="mt-1">{bench.location}</p>
      {bench.notice ? <NoticeMark notice={bench.notice} /> : null}
      <BenchVideoLinks videos={bench.videos} />
      <ReportLink bench={bench} />
    </PopupFrame>
  );
}

export function GroupPopup({
  benches,
  onChoose,
  onClose,
}: {
  benches: MapBench[];
  onChoose: (bench: MapBench) => void;
  onClose: () => void;
}) {
  return (
    <PopupFrame heading={`${benches.length} benches here`} onClose={onClose}>
      <ul className="mt-1 grid gap-1">
        {[...benches]
          .sort((a, b) => a.benchNumber - b.benchNumber)
          .map((bench) => (
            <li key={bench.id}>
              <button
                type="button"
                onClick={() => onChoose(bench)}
                className="flex min-h-11 w-full flex-col items-start justify-center rounded px-2 py-1 text-left hover:bg-stone-100"
              >
                <span className="font-semibold text-brand-700 underline underline-offset-2">
                  Bench {bench.benchNumber}
                  {bench.notice ? (bench.notice.kind === "closed" ? ", closed" : ", caution") : ""}
                </span>{" "}
                <span className="text-stone-700">{bench.location}</span>
              </button>
            </li>
          ))}
      </ul>
    </PopupFrame>
  );
}
