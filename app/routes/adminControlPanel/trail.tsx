import { useMemo } from "react";
import { FormAlert } from "~/components/form-status";
import { TrailMap } from "~/components/trail-map";
import { adminAreaUrl } from "~/lib/navigation";
import { anchors, formErrorsOf, replyTo, type AreaProps } from "./area";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AreaChooser } from "./search";
import type { loadTrailArea } from "./trail.server";
import { TrailPathUpload } from "./trail-path-upload";
import { ResponsiveTable } from "~/components/data-table";
import { AddTrailForm } from "./trail-add";
import { CoordinatePages, CoordinateRow, InsertAtEnd, orphanReply, rowReply } from "./trail-coordinates";
import { TrailDetailsForm, TrailHeading } from "./trail-details";
import { TrailFactsForm } from "./trail-facts";

// The Trail area: the trail picker and Add a trail, then the chosen trail's name and colour (and Delete),
// its facts, its map, its path from a file and its coordinate table, each form in a module of its own.

export type TrailData = Awaited<ReturnType<typeof loadTrailArea>>;
export type Trail = NonNullable<TrailData["trail"]>;

/** What deleting the trail does, said before it is done. */
function deletionEffects(trail: Trail, effects: { benches: number; walks: number }) {
  const count = (value: number, one: string, many: string) =>
    `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;
  return `Its ${count(effects.benches, "bench stays", "benches stay")} on the map without a trail; ${count(effects.walks, "logged walk keeps", "logged walks keep")} its name, as do its reports. Its notices are removed.`;
}

export function TrailArea({ data, reply }: AreaProps<TrailData>) {
  const trail = data.trail;
  const { points } = data;
  // The same page of coordinates after a confirmation or a refusal.
  const here = adminAreaUrl("trail", { trail: trail?.id, page: points.page > 1 ? String(points.page) : null });
  const mapTrails = useMemo(() => (trail ? [trail] : []), [trail]);
  // Three trails or thirty, one picker is enough: it names them all.
  const chooser = (
    <div className="mb-6">
      <AreaChooser
        option="trail"
        name="trail"
        label="Trail"
        value={trail?.id ?? null}
        choices={data.options.map((option) => ({ value: option.id, label: option.name }))}
        placeholder="No trails yet"
        buttonLabel="Show trail"
      />
    </div>
  );
  const adding = <AddTrailForm key={data.defaultColor} defaultColor={data.defaultColor} open={!trail} />;
  if (!trail) {
    return (
      <>
        {chooser}
        <p className="mb-4 text-stone-700">There are no trails yet. Add the first one below.</p>
        {adding}
      </>
    );
  }
  const confirming = data.confirm?.kind === "delete" ? trail.coordinates[data.confirm.index] : null;
  const shownIndexes = Array.from({ length: points.end - points.first }, (_, at) => points.first + at);
  return (
    <div>
      {chooser}
      {/* First in the page: without JavaScript the confirmation step is shown in the flow, where the admin looks. */}
      <ConfirmDialog
        id="trail-confirm-dialog"
        title="Delete coordinate"
        prompt={`Are you sure you want to delete coordinate #${(data.confirm?.kind === "delete" ? data.confirm.index : 0) + 1}?`}
        open={data.confirm?.kind === "delete"}
        closeTo={here}
        action={here}
        intent="delete-coordinate"
        fields={{
          trailId: trail.id,
          version: trail.version,
          index: data.confirm?.kind === "delete" ? data.confirm.index : 0,
        }}
        confirmLabel="Delete"
      >
        {confirming ? (
          <p className="mt-2 text-stone-700">{`Latitude ${confirming[1]}, longitude ${confirming[0]}`}</p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        id="trail-delete-dialog"
        title="Delete trail"
        prompt={`Are you sure you want to delete the ${trail.name}?`}
        open={data.confirm?.kind === "delete-trail"}
        closeTo={here}
        action={here}
        intent="delete-trail"
        fields={{ trailId: trail.id, version: trail.version }}
        confirmLabel="Delete the trail"
      >
        {data.confirm?.kind === "delete-trail" ? (
          <p className="mt-2 text-stone-700">{deletionEffects(trail, data.confirm.effects)}</p>
        ) : null}
      </ConfirmDialog>
      {adding}
      {/* Delete: a link to the confirmation step, a modal with JavaScript, a step in the page without. */}
      <TrailHeading trail={trail} here={here} />
      <TrailDetailsForm
        key={`${trail.id}-${trail.version}`}
        trail={trail}
        here={here}
        lastResult={replyTo(reply, "save-details")}
      />
      <TrailFactsForm
        key={JSON.stringify({ id: trail.id, ...trail.facts })}
        trail={trail}
        here={here}
        lastResult={replyTo(reply, "save-facts")}
      />
      <div className="mb-6 overflow-hidden rounded-lg border border-stone-300">
        <TrailMap
          trails={mapTrails}
          benches={[]}
          showBenches={false}
          label={`Map of the ${trail.name}`}
          tiles={data.tiles}
        />
      </div>
      <TrailPathUpload key={trail.id} trail={trail} />

      {/* A refusal that concerns a row as a whole (a stale edit, a vanished point) shows above the table. */}
      <FormAlert
        messages={formErrorsOf(
          replyTo(reply, "delete-coordinate", "delete-trail", "") ?? orphanReply(reply, trail.coordinates.length),
        )}
      />

      {/* Below md each point is a card: headers hide, every field names itself, the actions wrap. */}
      <div id={anchors.trailPoints} className="scroll-mt-4 md:overflow-x-auto">
        <ResponsiveTable
          caption={
            <>
              Coordinates of the {trail.name} in path order (
              {points.pages > 1
                ? `points ${points.first + 1}–${points.end} of ${trail.coordinates.length}`
                : `${trail.coordinates.length} points`}
              )
            </>
          }
          captionClassName="mb-2 block text-left text-stone-700 md:table-caption"
          columns={["#", "Latitude", "Longitude", "Actions"]}
          cell="px-2 py-2"
          tableClassName="border-collapse"
          headRowClassName="border-b border-stone-300"
        >
          {shownIndexes.map((index) => (
            <CoordinateRow
              key={`${trail.version}-${index}`}
              trail={trail}
              index={index}
              here={here}
              lastResult={rowReply(reply, index)}
            />
          ))}
        </ResponsiveTable>
      </div>
      <CoordinatePages trail={trail} points={points} />
      <p className="mt-2 text-sm text-stone-700">
        Insert Below adds the values in that row's fields as a new point after it; the row itself keeps its saved
        values.
      </p>
      <InsertAtEnd key={trail.version} trail={trail} here={here} lastResult={replyTo(reply, "insert-end")} />
    </div>
  );
}
