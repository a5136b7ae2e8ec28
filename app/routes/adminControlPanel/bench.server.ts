import { parseSubmission } from "~/http/form-submission.server";
import { benchSchemasNow } from "~/models/placement.server";
import { redirectWithToast } from "~/http/toast.server";
import { BENCH_FACT_KEYS } from "~/lib/facts";
import { adminAreaUrl } from "~/lib/navigation";
import {
  addBenchVideo,
  benchRefusal,
  createBench,
  deleteBench,
  deleteBenchVideo,
  listBenches,
  updateBench,
} from "~/models/bench.server";
import { listTrails } from "~/models/trail.server";
import { benchMessages } from "~/schemas/bench";
import { anchors } from "./area";
import { confirmationIn, invalid, refused } from "./area.server";

/** ?option=bench&bench=<id>[&confirm=delete-bench | &confirm=delete-video&video=<id>] */
export async function loadBenchArea(url: URL) {
  const [benches, trails] = await Promise.all([listBenches(), listTrails()]);
  const bench = benches.find((candidate) => candidate.id === url.searchParams.get("bench")) ?? null;
  const kind = confirmationIn(url, ["delete-bench", "delete-video"] as const);
  const video = bench?.videos.find((candidate) => candidate.id === url.searchParams.get("video")) ?? null;
  return {
    searchError: null,
    benches: benches.map(({ id, benchNumber, location }) => ({ id, benchNumber, location })),
    bench,
    trails: trails.map(({ id, name }) => ({ id, name })),
    confirm:
      bench && kind === "delete-bench"
        ? ({ kind } as const)
        : video && kind === "delete-video"
          ? ({ kind, video } as const)
          : null,
  };
}

/** The fields a person types in the bench and video forms (the others are hidden). */
const typedFields = [
  "bench_number",
  "location",
  "latitude",
  "longitude",
  "trailId",
  "title",
  "url",
  ...BENCH_FACT_KEYS,
];

export async function benchAction(_request: Request, formData: FormData) {
  const submission = parseSubmission(formData, { schema: (await benchSchemasNow()).intent });
  if (submission.status !== "success") return invalid(submission, typedFields);
  const input = submission.value;
  const toBench = (id: string | null) => adminAreaUrl("bench", { bench: id });

  switch (input.intent) {
    case "create-bench": {
      const result = await createBench(input);
      if (!result.ok) return refused(input.intent, submission, benchRefusal(result));
      // The new bench opens in its edit form, which the message stands in.
      const message = benchMessages.created(result.bench.benchNumber);
      return redirectWithToast(toBench(result.bench.id), { type: "success", message, anchor: anchors.benchForm });
    }
    case "update-bench": {
      // The form always offers the trail: an empty choice means none, not "keep". A bench changed since
      // the form was opened is refused (409): the page then shows what was typed beside what is saved.
      const { version, ...fields } = input;
      const result = await updateBench(
        input.benchId,
        { ...fields, trailId: input.trailId ?? null },
        { expectedVersion: version },
      );
      if (!result.ok) return refused(input.intent, submission, benchRefusal(result));
      const message = benchMessages.updated(result.bench.benchNumber);
      return redirectWithToast(toBench(result.bench.id), { type: "success", message, anchor: anchors.benchForm });
    }
    case "save-bench-facts": {
      const { intent, benchId, version, ...facts } = input;
      const result = await updateBench(benchId, facts, { expectedVersion: version });
      if (!result.ok) return refused(intent, submission, benchRefusal(result));
      const message = benchMessages.factsSaved(result.bench.benchNumber);
      return redirectWithToast(toBench(benchId), { type: "success", message, anchor: anchors.benchFacts });
    }
    case "delete-bench": {
      const result = await deleteBench(input.benchId, { expectedVersion: input.version });
      if (!result.ok) return refused(input.intent, submission, benchRefusal(result));
      // Its form is gone: the message stands by the chooser, where the next bench is picked.
      const message = benchMessages.deleted(result.bench.benchNumber);
      return redirectWithToast(toBench(null), { type: "success", message, anchor: anchors.benchChooser });
    }
    // Adding or removing a video overwrites nothing: these forms carry no version (the bench's moves on).
    case "add-video": {
      const result = await addBenchVideo(input.benchId, input);
      if (!result.ok) return refused(input.intent, submission, benchRefusal(result));
      const message = benchMessages.videoAdded(input.title, result.bench.benchNumber);
      return redirectWithToast(toBench(input.benchId), { type: "success", message, anchor: anchors.addBenchVideo });
    }
    case "delete-video": {
      // Named before it goes, so the message can say which video left the list.
      const benches = await listBenches();
      const title = benches
        .find((bench) => bench.id === input.benchId)
        ?.videos.find((video) => video.id === input.videoId)?.title;
      const result = await deleteBenchVideo(input.benchId, input.videoId);
      if (!result.ok) return refused(input.intent, submission, benchRefusal(result));
      const message = benchMessages.videoRemoved(title, result.bench.benchNumber);
      return redirectWithToast(toBench(input.benchId), { type: "success", message, anchor: anchors.benchVideos });
    }
  }
}
