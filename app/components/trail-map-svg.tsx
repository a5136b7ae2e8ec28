import { useId } from "react";
import type { MapBench, TrailMapData } from "~/components/trail-map-types";
import {
  BENCH_MARKER_FILL,
  CAUTION_MARKER_FILL,
  CAUTION_MARKER_TEXT,
  CLOSED_MARKER_FILL,
  CLOSED_TRAIL_DASH,
  MAP_BACKGROUND,
  MAP_HEIGHT_PX,
  MARKER_HIT_PX,
  TRAIL_CASING_COLOR,
  TRAIL_LINE_WIDTH,
  trailStrokeColor,
  type LonLat,
} from "~/lib/geo";
import {
  fitFrame,
  frameOriginFor,
  groupLabel,
  groupMarkers,
  pathData,
  toFrame,
  type FrameBox,
  type FramePoint,
} from "~/lib/map-frame";

const round = (value: number) => Math.round(value * 10) / 10;

/** The list entry under the map that a bench marker leads to. */
export const benchAnchor = (benchId: string) => `bench-${benchId}`;

/** Where a point sits in the box, as CSS percentages of the box's width and height. */
function percentIn(box: FrameBox, [x, y]: FramePoint) {
  return { left: ((x - box.x) / box.width) * 100, top: ((y - box.y) / box.height) * 100 };
}

function listOfNumbers(numbers: number[]) {
  return numbers.length < 2
    ? numbers.join("")
    : `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

const markerDot = "flex items-center justify-center border-2 font-bold shadow";

/** A bench's marker: round in the bench colour; a closed bench's a dark square, a caution's amber. */
function markerLook(bench: MapBench) {
  const kind = bench.notice?.kind;
  if (kind === "closed")
    return { className: "rounded-sm border-white text-white", style: { background: CLOSED_MARKER_FILL } };
  if (kind === "caution")
    return {
      className: "rounded-full border-stone-900",
      style: { background: CAUTION_MARKER_FILL, color: CAUTION_MARKER_TEXT },
    };
  return { className: "rounded-full border-white text-white", style: { background: BENCH_MARKER_FILL } };
}

/** "Bench 3", or "Bench 3, closed" when a notice marks it. */
function benchMarkerName(bench: MapBench) {
  return `Bench ${bench.benchNumber}${bench.notice ? `, ${bench.notice.kind === "closed" ? "closed" : "caution"}` : ""}`;
}

/**
 * The map as the server renders it, without tiles: shown before hydration and whenever scripts are off.
 * The drawing is framed around the trail (and the benches, when shown), and the box holding it keeps the
 * drawing's proportions inside the 500 px frame, so bench markers can be HTML links placed by percentage:
 * each a 44 px target at any width, leading to its bench in the list. Benches that would overlap on the
 * narrowest screen share one marker, which opens a list of them.
 */
export function TrailMapSvg({ trails, benches, showBenches, label, svgId }: TrailMapData) {
  const generatedId = useId();
  const titleId = svgId ?? generatedId;
  const shownBenches = showBenches ? benches : [];
  // Near what is drawn, wherever the campus is (the trails' lines in their own files use the same origin).
  const origin = frameOriginFor(
    trails.length > 0
      ? trails.flatMap((trail) => trail.coordinates)
      : shownBenches.map((bench): LonLat => [bench.longitude, bench.latitude]),
  );
  const benchPoint = (bench: MapBench): FramePoint => toFrame([bench.longitude, bench.latitude], origin);
  const { box, minScale } = fitFrame([
    ...trails.flatMap((trail) => trail.coordinates.map((point) => toFrame(point, origin))),
    ...shownBenches.map(benchPoint),
  ]);
  const groups = groupMarkers(shownBenches, benchPoint, MARKER_HIT_PX / minScale);
  const ratio = box.width / box.height;

  return (
    <div
      data-map="svg"
      className="relative w-full overflow-hidden rounded-lg border border-stone-300"
      style={{ height: MAP_HEIGHT_PX, background: MAP_BACKGROUND, containerType: "size" }}
    >
      <div
        className="absolute inset-0 m-auto"
        style={{
          width: `min(100cqw, 100cqh * ${round(ratio * 1000) / 1000})`,
          aspectRatio: `${round(box.width)} / ${round(box.height)}`,
        }}
      >
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`${round(box.x)} ${round(box.y)} ${round(box.width)} ${round(box.height)}`}
          className="block h-full w-full"
        >
          <title id={titleId}>{label}</title>
          {trails.map((trail) => {
            const closed = trail.notice?.kind === "closed";
            // The points once in the document: defined once and drawn twice (casing, then line), or, where
            // the page's data holds them already, drawn from the line's own file.
            const href = trail.line ? `${trail.line}#line` : `#${titleId}-${trail.id}`;
            return (
              <g
                key={trail.id}
                data-trail={trail.color}
                data-notice={trail.notice?.kind}
                fill="none"
                strokeLinejoin="round"
                strokeLinecap={closed ? "butt" : "round"}
              >
                {trail.line ? null : (
                  <defs>
                    {/* The line keeps its width in screen pixels however far the frame is scaled down. */}
                    <path
                      id={`${titleId}-${trail.id}`}
                      d={pathData(trail.coordinates, origin)}
                      vectorEffect="non-scaling-stroke"
                    />
                  </defs>
                )}
                <use href={href} stroke={TRAIL_CASING_COLOR} strokeWidth={TRAIL_LINE_WIDTH + 2} />
                {/* A closed trail's line is dashed over its dark casing: a break in the line, whatever the colours. */}
                <use
                  href={href}
                  stroke={trailStrokeColor(trail.color)}
                  strokeWidth={TRAIL_LINE_WIDTH}
                  strokeDasharray={closed ? CLOSED_TRAIL_DASH.join(" ") : undefined}
                />
              </g>
            );
          })}
        </svg>
        {groups.map(({ members, at }) => {
          const { left, top } = percentIn(box, at);
          const position = { left: `${round(left)}%`, top: `${round(top)}%` };
          if (members.length === 1) {
            const [bench] = members;
            const look = markerLook(bench);
            return (
              <a
                key={bench.id}
                href={`#${benchAnchor(bench.id)}`}
                aria-label={benchMarkerName(bench)}
                data-bench={bench.benchNumber}
                data-notice={bench.notice?.kind}
                className="absolute flex -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full"
                style={{ ...position, width: MARKER_HIT_PX, height: MARKER_HIT_PX }}
              >
                <span
                  aria-hidden="true"
                  className={`${markerDot} ${look.className} h-5 w-5 text-[10px]`}
                  style={look.style}
                >
                  {bench.benchNumber}
                </span>
              </a>
            );
          }
          const numbers = members.map((bench) => bench.benchNumber).sort((a, b) => a - b);
          // Opens towards the middle of the map, so the list stays inside it.
          const panelPlace = `${top < 50 ? "top-full" : "bottom-full"} ${left < 50 ? "left-0" : "right-0"}`;
          return (
            <details
              key={members[0].id}
              name="bench-groups"
              data-bench-group={numbers.join(",")}
              className="absolute -translate-x-1/2 -translate-y-1/2 open:z-10"
              style={{ ...position, width: MARKER_HIT_PX, height: MARKER_HIT_PX }}
            >
              <summary className="flex h-full w-full cursor-pointer items-center justify-center rounded-full">
                <span
                  aria-hidden="true"
                  className="flex h-6 min-w-6 items-center justify-center rounded-full border-[3px] bg-white px-0.5 text-xs font-bold shadow"
                  style={{ borderColor: BENCH_MARKER_FILL, color: BENCH_MARKER_FILL }}
                >
                  {groupLabel(members.length)}
                </span>
                <span className="sr-only">
                  Benches {listOfNumbers(numbers)}
                  {members.some((member) => member.notice) ? " (with notices)" : ""}
                </span>
              </summary>
              <ul className={`card absolute ${panelPlace} w-max max-w-56 p-1 text-sm`}>
                {numbers.map((number) => {
                  const bench = members.find((member) => member.benchNumber === number)!;
                  return (
                    <li key={bench.id}>
                      <a
                        href={`#${benchAnchor(bench.id)}`}
                        className="btn-link flex min-h-11 items-center rounded px-3 hover:bg-stone-100"
                      >
                        {benchMarkerName(bench)}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </details>
          );
        })}
      </div>
    </div>
  );
}
