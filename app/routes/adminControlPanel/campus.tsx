import { TextField } from "~/components/form-fields";
import { LatLngFields } from "~/components/lat-lng-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage } from "~/components/toast-message";
import { adminAreaUrl } from "~/lib/navigation";
import { campusFormSchema } from "~/schemas/campus";
import { replyTo, type AreaProps } from "./area";
import { CardForm } from "./card-form";
import type { loadCampusArea } from "./campus.server";

/** The form's id: its saved message lands there. */
export const CAMPUS_FORM_ID = "campus-settings";

/**
 * The campus's name (footer, About, page titles), its clock and, optionally, the map's centre: one
 * plain form, saved with the version it was opened at.
 */
export function CampusArea({ data, reply }: AreaProps<Awaited<ReturnType<typeof loadCampusArea>>>) {
  const { campus } = data;
  const [form, fields, summary] = useSchemaForm(CAMPUS_FORM_ID, campusFormSchema, replyTo(reply, "save-campus"), {
    name: campus.name,
    timeZone: campus.timeZone,
    centerLatitude: campus.center ? String(campus.center[1]) : "",
    centerLongitude: campus.center ? String(campus.center[0]) : "",
  });
  return (
    <CardForm form={form} summary={summary} action={adminAreaUrl("campus")} heading="Campus settings">
      <input type="hidden" name="version" value={campus.version} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.name}
          label="Campus name"
          hint={
            <p className="mb-1 text-sm text-stone-600">
              Shown in the footer of every page, on About and in page titles.
            </p>
          }
        />
        <TextField
          field={fields.timeZone}
          label="Time zone"
          hint={
            <p className="mb-1 text-sm text-stone-600">
              An IANA name such as America/Chicago: every date and time the pages show is on this clock.
            </p>
          }
        />
        <LatLngFields
          latitude={fields.centerLatitude}
          longitude={fields.centerLongitude}
          labels={["Map centre latitude (optional)", "Map centre longitude (optional)"]}
        />
      </div>
      <p className="mt-2 text-sm text-stone-700">
        The centre says where the campus is before it has trails or benches: new points are taken within 5 km of it and
        of them. Leave it blank to go by the trails and benches alone.
      </p>
      <button type="submit" name="intent" value="save-campus" className="btn-primary mt-4">
        Save campus settings
      </button>
      <AnchoredMessage anchor={CAMPUS_FORM_ID} />
    </CardForm>
  );
}
