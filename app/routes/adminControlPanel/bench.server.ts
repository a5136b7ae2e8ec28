import { data } from "@remix-run/node";
import { adminAreaUrl } from "~/lib/navigation";
import {
  addBenchVideo,
  createBench,
  deleteBench,
  deleteBenchVideo,
  listBenches,
  updateBench,
  type BenchWriteResult,
} from "~/models/bench.server";
import { listTrails } from "~/models/trail.server";
import { benchCreateSchema, benchMessages, benchUpdateSchema, benchVideoSchema } from "~/schemas/bench";
import { fieldErrorsOf } from "~/http/api.server";
import type { SessionUser } from "~/models/session.server";
import { redirectWithToast } from "~/http/toast.server";

export const benchIntents = ["create-bench", "update-bench", "delete-bench", "add-video", "delete-video"] as const;
export type BenchIntent = (typeof benchIntents)[number];

export type BenchActionData = {
  area: "bench";
  intent: BenchIntent | null;
  fieldErrors: Record<string, string[]>;
  formError: string | null;
  values: Record<string, string>;
};

/** ?option=bench&bench=<id>[&confirm=delete-bench | &confirm=delete-video&video=<id>] */
export async function loadBenchArea(url: URL, _admin: SessionUser) {
  const [benches, trails] = await Promise.all([listBenches(), listTrails()]);
  const bench = benches.find((candidate) => candidate.id === url.searchParams.get("bench")) ?? null;
  const confirm = url.searchParams.get("confirm");
  const video = bench?.videos.find((candidate) => candidate.id === url.searchParams.get("video")) ?? null;
  return {
    area: "bench" as const,
    benches: benches.map(({ id, benchNumber, location }) => ({ id, benchNumber, location })),
    bench,
    trails: trails.map(({ id, name }) => ({ id, name })),
    confirm:
      bench && confirm === "delete-bench"
        ? ({ kind: "bench" } as const)
        : video && confirm === "delete-video"
          ? ({ kind: "video", video } as const)
          : null,
  };
}
export type BenchAreaData = Awaited<ReturnType<typeof loadBenchArea>>;

function text(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

function refused(status: number, intent: BenchIntent | null, formData: FormData, problem: { fieldErrors?: Record<string, string[]>; formError?: string }) {
  const fieldErrors = problem.fieldErrors ?? {};
  const values: Record<string, string> = {};
  for (const name of ["bench_number", "location", "latitude", "longitude", "trailId", "title", "url"]) values[name] = text(formData, name);
  const body: BenchActionData = {
    area: "bench",
    intent,
    fieldErrors,
    formError: problem.formError ?? Object.values(fieldErrors)[0]?.[0] ?? null,
    values,
  };
  return data(body, { status });
}

function failure(intent: BenchIntent, formData: FormData, result: Exclude<BenchWriteResult, { ok: true }>) {
  switch (result.reason) {
    case "duplicate-number": {
      const message = benchMessages.duplicate(result.benchNumber ?? 0);
      return refused(409, intent, formData, { fieldErrors: { bench_number: [message] } });
    }
    case "unknown-trail":
      return refused(400, intent, formData, { fieldErrors: { trailId: [benchMessages.trailUnknown] } });
    case "video-not-found":
      return refused(404, intent, formData, { formError: benchMessages.videoNotFound });
    case "not-found":
      return refused(404, intent, formData, { formError: benchMessages.notFound });
  }
}

/** Intents: create-bench, update-bench, delete-bench, add-video, delete-video. */
export async function benchAction(_request: Request, formData: FormData, _admin: SessionUser) {
  const intentValue = text(formData, "intent");
  const intent = (benchIntents as readonly string[]).includes(intentValue) ? (intentValue as BenchIntent) : null;
  if (!intent) return refused(400, null, formData, { formError: "Unknown action." });
  const benchId = text(formData, "benchId");
  const fields = Object.fromEntries(formData);
  const toBench = (id: string | null) => adminAreaUrl("bench", { bench: id });

  switch (intent) {
    case "create-bench": {
      const parsed = benchCreateSchema.safeParse(fields);
      if (!parsed.success) return refused(400, intent, formData, { fieldErrors: fieldErrorsOf(parsed.error) });
      const result = await createBench(parsed.data);
      if (!result.ok) return failure(intent, formData, result);
      return redirectWithToast(toBench(result.bench.id), { type: "success", message: `Bench #${result.bench.benchNumber} created.` });
    }
    case "update-bench": {
      const parsed = benchUpdateSchema.safeParse(fields);
      if (!parsed.success) return refused(400, intent, formData, { fieldErrors: fieldErrorsOf(parsed.error) });
      const result = await updateBench(benchId, parsed.data);
      if (!result.ok) return failure(intent, formData, result);
      return redirectWithToast(toBench(result.bench.id), { type: "success", message: `Bench #${result.bench.benchNumber} updated.` });
    }
    case "delete-bench": {
      const result = await deleteBench(benchId);
      if (!result.ok) return failure(intent, formData, result);
      return redirectWithToast(toBench(null), { type: "success", message: `Bench #${result.bench.benchNumber} deleted.` });
    }
    case "add-video": {
      const parsed = benchVideoSchema.safeParse(fields);
      if (!parsed.success) return refused(400, intent, formData, { fieldErrors: fieldErrorsOf(parsed.error) });
      const result = await addBenchVideo(benchId, parsed.data);
      if (!result.ok) return failure(intent, formData, result);
      return redirectWithToast(toBench(benchId), { type: "success", message: `Video added to bench #${result.bench.benchNumber}.` });
    }
    case "delete-video": {
      const result = await deleteBenchVideo(benchId, text(formData, "videoId"));
      if (!result.ok) return failure(intent, formData, result);
      return redirectWithToast(toBench(benchId), { type: "success", message: `Video removed from bench #${result.bench.benchNumber}.` });
    }
  }
}
