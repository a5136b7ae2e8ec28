import { useId } from "react";
import { MAP_BACKGROUND, MAP_HEIGHT_PX, type LonLat } from "~/lib/geo";
import { fitFrame, frameOriginFor, pathData, toFrame } from "~/lib/map-frame";

// The two paths of a trail-path preview drawn over each other, told apart by colour and by line style
// (solid and wide under dashed and narrow), so they read apart without colour too, and where they
// coincide both still show.
export const comparisonStyles = {
  now: { stroke: "#44403c", strokeWidth: 7 },
  uploaded: { stroke: "#1d4ed8", strokeWidth: 3, strokeDasharray: "9 6" },
} as const;

const round = (value: number) => Math.round(value * 10) / 10;

/** A short stretch of a line's style, for the legend. */
export function LineSample({ style }: { style: (typeof comparisonStyles)[keyof typeof comparisonStyles] }) {
  return (
    <svg aria-hidden="true" width="40" height="12" viewBox="0 0 40 12" className="inline-block shrink-0">
      <path d="M2 6 L38 6" fill="none" strokeLinecap="butt" {...style} />
    </svg>
  );
}

export function TrailPathComparison({
  now,
  uploaded,
  label,
}: {
  now: readonly LonLat[];
  uploaded: readonly LonLat[];
  label: string;
}) {
  const titleId = useId();
  const origin = frameOriginFor([...now, ...uploaded]);
  const { box } = fitFrame([...now, ...uploaded].map((point) => toFrame(point, origin)));
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`${round(box.x)} ${round(box.y)} ${round(box.width)} ${round(box.height)}`}
      className="block h-auto w-full rounded-lg border border-stone-300"
      style={{ maxHeight: MAP_HEIGHT_PX, background: MAP_BACKGROUND }}
    >
      <title id={titleId}>{label}</title>
      <g fill="none" strokeLinejoin="round" strokeLinecap="round">
        <path data-path="now" d={pathData(now, origin)} vectorEffect="non-scaling-stroke" {...comparisonStyles.now} />
        <path
          data-path="uploaded"
          d={pathData(uploaded, origin)}
          vectorEffect="non-scaling-stroke"
          {...comparisonStyles.uploaded}
        />
      </g>
    </svg>
  );
}
