import { useId } from "react";
import type { TrailMapData } from "~/components/trail-map-types";
import {
  BENCH_MARKER_FILL,
  BENCH_MARKER_RADIUS,
  BENCH_MARKER_STROKE,
  MAP_BACKGROUND,
  MAP_FRAME_WIDTH_PX,
  MAP_HEIGHT_PX,
  projectToFrame,
  TRAIL_CASING_COLOR,
  TRAIL_LINE_WIDTH,
  trailStrokeColor,
  type LonLat,
} from "~/lib/geo";

const frame = { width: MAP_FRAME_WIDTH_PX, height: MAP_HEIGHT_PX };
const round = (value: number) => Math.round(value * 10) / 10;

function pathData(coordinates: LonLat[]) {
  return coordinates
    .map((point, index) => {
      const [x, y] = projectToFrame(point, frame);
      return `${index === 0 ? "M" : "L"}${round(x)} ${round(y)}`;
    })
    .join(" ");
}

/**
 * The map as the server renders it: the same Web Mercator frame the OpenLayers view opens with
 * (centre and zoom 16 of SPEC §9), without tiles. Shown before hydration and whenever scripts are off.
 */
export function TrailMapSvg({ trails, benches, showBenches, label }: TrailMapData) {
  const titleId = useId();
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${MAP_FRAME_WIDTH_PX} ${MAP_HEIGHT_PX}`}
      preserveAspectRatio="xMidYMid meet"
      className="block w-full rounded-lg border border-stone-300"
      style={{ height: MAP_HEIGHT_PX, background: MAP_BACKGROUND }}
      data-map="svg"
    >
      <title id={titleId}>{label}</title>
      {trails.map((trail) => {
        const d = pathData(trail.coordinates);
        return (
          <g key={trail.id} data-trail={trail.color}>
            <path
              d={d}
              fill="none"
              stroke={TRAIL_CASING_COLOR}
              strokeWidth={TRAIL_LINE_WIDTH + 2}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
            <path
              d={d}
              fill="none"
              stroke={trailStrokeColor(trail.color)}
              strokeWidth={TRAIL_LINE_WIDTH}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </g>
        );
      })}
      {showBenches
        ? benches.map((bench) => {
            const [x, y] = projectToFrame([bench.longitude, bench.latitude], frame);
            return (
              <g key={bench.id} data-bench={bench.benchNumber}>
                <circle
                  cx={round(x)}
                  cy={round(y)}
                  r={BENCH_MARKER_RADIUS}
                  fill={BENCH_MARKER_FILL}
                  stroke={BENCH_MARKER_STROKE}
                  strokeWidth={2}
                />
                <text
                  x={round(x)}
                  y={round(y)}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fontSize={10}
                  fontWeight={700}
                  fill={BENCH_MARKER_STROKE}
                >
                  {bench.benchNumber}
                </text>
              </g>
            );
          })
        : null}
    </svg>
  );
}
