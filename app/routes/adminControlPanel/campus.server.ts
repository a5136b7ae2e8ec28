import { parseSubmission } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl } from "~/lib/navigation";
import { campusRefusals, getCampus, updateCampus } from "~/models/campus.server";
import { campusFormSchema, campusMessages, formCenter } from "~/schemas/campus";
import { invalid, refused } from "./area.server";
import { CAMPUS_FORM_ID } from "./campus";

const typedFields = ["name", "timeZone", "centerLatitude", "centerLongitude"];

export async function loadCampusArea() {
  const campus = await getCampus();
  return { searchError: null, campus };
}

export async function campusAction(_request: Request, formData: FormData) {
  const submission = parseSubmission(formData, { schema: campusFormSchema });
  if (submission.status !== "success") return invalid(submission, typedFields);
  const { intent, version, name, timeZone } = submission.value;
  const result = await updateCampus(
    { name, timeZone, center: formCenter(submission.value) },
    { expectedVersion: version },
  );
  if (!result.ok) return refused(intent, submission, campusRefusals[result.reason]);
  return redirectWithToast(adminAreaUrl("campus"), {
    type: "success",
    message: campusMessages.saved,
    anchor: CAMPUS_FORM_ID,
  });
}
