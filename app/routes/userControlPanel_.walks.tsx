import { campusToday } from "~/lib/dates";
import { campusOf } from "~/http/campus.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FormAlert } from "~/components/form-status";
import { LogWalkForm } from "~/components/my-walks/log-walk-form";
import { dayLabel, miles, MY_WALKS_PAGE as PAGE } from "~/components/my-walks/walk-figures";
import { WalkList } from "~/components/my-walks/walk-list";
import { TotalsCard, WeeksChart } from "~/components/my-walks/walk-totals";
import { dataVersionsOf, requireUser } from "~/http/auth.server";
import { checkQuota, passRetryAfter, retryAfterHeaders } from "~/http/rate-limit.server";
import { parseSubmission, refusalReply } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { STEPS_PER_MILE } from "~/lib/geo";
import { listTrails } from "~/models/trail.server";
import {
  deleteOwnWalk,
  getOwnWalk,
  listWalks,
  logWalk,
  toWalkJson,
  walkRefusals,
  walkSummary,
} from "~/models/walk.server";
import { withoutScripts } from "~/lib/page-scripts";
import { isId } from "~/schemas/id";
import { walkIntentSchema, walkMessages } from "~/schemas/walk";
import { ProfileBreadcrumb } from "~/components/profile-breadcrumb";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My Walks") }];

// Plain forms, links and a confirmation step the server renders: complete without scripts, so a first
// load ships none (decision 064). Reached from a hydrated page, it stays hydrated and the step is a modal.
export const handle = withoutScripts;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser({ request, context });
  const url = new URL(request.url);
  const today = campusToday((await campusOf({ request, context })).timeZone);
  const confirmId = url.searchParams.get("confirm") === "delete" ? url.searchParams.get("id") : null;
  // The URL is the state: ?cursor= shows older walks; a cursor we did not make shows the newest.
  const cursor = url.searchParams.get("cursor");
  const [page, summary, trails, confirming] = await Promise.all([
    listWalks(user.id, { cursor }),
    walkSummary(user.id, new Date(`${today}T00:00:00Z`)),
    listTrails(await dataVersionsOf({ request, context })),
    isId(confirmId) ? getOwnWalk(user.id, confirmId) : null,
  ]);
  const requestedTrail = url.searchParams.get("trail");
  return {
    today,
    walks: page.walks.map(toWalkJson),
    olderWalks: page.next ? `${PAGE}?${new URLSearchParams({ cursor: page.next })}#walk-list-heading` : null,
    showingOlder: Boolean(cursor),
    summary,
    trails: trails.map((trail) => ({ id: trail.id, name: trail.name })),
    defaultTrailId: trails.find((trail) => trail.id === requestedTrail)?.id ?? trails[0]?.id,
    confirm: confirming ? toWalkJson(confirming) : null,
  };
}

type ActionResult = { intent: "log" | "delete"; result: SubmissionResult<string[]> };

// A refused write's Retry-After reaches the page it renders.
export const headers = passRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context });
  const submission = parseSubmission(await request.formData(), { schema: walkIntentSchema });
  const answer = (
    intent: ActionResult["intent"],
    result: SubmissionResult<string[]>,
    status: number,
    headers?: HeadersInit,
  ) => data<ActionResult>({ intent, result }, { status, headers });
  if (submission.status !== "success") {
    const intent = submission.payload.intent === "delete" ? "delete" : "log";
    return answer(intent, submission.reply(), 400);
  }
  const input = submission.value;
  if (input.intent === "delete") {
    if (!isId(input.walkId) || !(await deleteOwnWalk(user.id, input.walkId))) {
      return answer("delete", refusalReply(submission, walkRefusals["not-found"]), 404);
    }
    return redirectWithToast(PAGE, { type: "success", message: walkMessages.deleted });
  }
  const { intent: _intent, ...walk } = input;
  const quota = await checkQuota(request, "walk", user.id);
  if (!quota.allowed)
    return answer("log", submission.reply({ formErrors: [quota.message] }), 429, retryAfterHeaders(quota));
  const logged = await logWalk(user.id, walk);
  if (!logged.ok) {
    const refusal = walkRefusals[logged.reason];
    return answer("log", refusalReply(submission, refusal), refusal.status);
  }
  return redirectWithToast(PAGE, { type: "success", message: walkMessages.logged });
}

export default function MyWalks() {
  const { walks, summary, trails, defaultTrailId, today, confirm, olderWalks, showingOlder } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteErrors = actionData?.intent === "delete" ? actionData.result.error?.[""] : undefined;
  return (
    <div className="page space-y-8">
      <div>
        <ProfileBreadcrumb page="My Walks" />
      </div>

      <section aria-labelledby="totals-heading" className="space-y-4">
        <h2 id="totals-heading" className="text-2xl font-semibold">
          Totals
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TotalsCard id="week" title="This week" totals={summary.week} />
          <TotalsCard id="month" title="This month" totals={summary.month} />
        </div>
        <p className="text-sm text-stone-700">
          Weeks start on Monday. Steps are estimated from the distance at {STEPS_PER_MILE.toLocaleString("en-US")} steps
          per mile.
        </p>
        <WeeksChart weeks={summary.weeks} />
      </section>

      <section aria-labelledby="log-walk-heading" id="log-walk" className="card p-6">
        <h2 id="log-walk-heading" className="text-2xl font-semibold">
          Log a walk
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Keep a walk you took, with or without the map. Leave the distance empty to count laps of the trail.
        </p>
        <LogWalkForm
          trails={trails}
          defaultTrailId={defaultTrailId}
          today={today}
          lastResult={actionData?.intent === "log" ? actionData.result : undefined}
        />
      </section>

      <section aria-labelledby="walk-list-heading" className="space-y-3">
        <h2 id="walk-list-heading" className="text-2xl font-semibold">
          Your walks
        </h2>
        <FormAlert messages={deleteErrors} />
        <WalkList walks={walks} />
        {olderWalks || showingOlder ? (
          <nav aria-label="Pages of your walks" className="flex flex-wrap gap-3">
            {showingOlder ? (
              <Link to={`${PAGE}#walk-list-heading`} className="btn-secondary">
                Newest walks
              </Link>
            ) : null}
            {olderWalks ? (
              <Link to={olderWalks} className="btn-secondary">
                Older walks
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <ConfirmDialog
        id="walk-confirm-dialog"
        title="Delete walk"
        prompt="Are you sure you want to delete this walk?"
        open={Boolean(confirm)}
        closeTo={PAGE}
        action={PAGE}
        intent="delete"
        fields={{ walkId: confirm?._id ?? "" }}
        confirmLabel="Delete walk"
      >
        {confirm ? (
          <p className="mt-2 text-stone-700">
            {confirm.trailName}, {dayLabel(confirm.date)}: {miles(confirm.distanceMetres)} mi
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
