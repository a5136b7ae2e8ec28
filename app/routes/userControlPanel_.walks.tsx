import { campusToday, formatDay, formatShortDay } from "~/lib/dates";
import { campusOf } from "~/http/campus.server";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BarChart } from "~/components/bar-chart";
import { ConfirmDialog } from "~/components/confirm-dialog";
import {
  actionToSummary,
  ErrorSummary,
  FormAlert,
  SelectField,
  SubmitButton,
  TextField,
  useSchemaForm,
} from "~/components/form-fields";
import { dataVersionsOf, requireUser } from "~/http/auth.server";
import { checkQuota, passRetryAfter, retryAfterHeaders } from "~/http/rate-limit.server";
import { parseSubmission, refusalReply } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { formatWalkingTime, METRES_PER_MILE, roundSteps, STEPS_PER_MILE } from "~/lib/geo";
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
import {
  MAX_WALK_LAPS,
  MAX_WALK_MILES,
  MAX_WALK_MINUTES,
  walkInputSchema,
  walkIntentSchema,
  walkMessages,
} from "~/schemas/walk";
import { ProfileBreadcrumb } from "~/components/profile-breadcrumb";
import { actionsColumn, ColumnHeads, FigureTable } from "~/components/data-table";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My Walks") }];

// Plain forms, links and a confirmation step the server renders: complete without scripts, so a first
// load ships none (decision 064). Reached from a hydrated page, it stays hydrated and the step is a modal.
export const handle = withoutScripts;

const PAGE = "/userControlPanel/walks";

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

const miles = (metres: number) => (metres / METRES_PER_MILE).toFixed(2);
const steps = (count: number) => roundSteps(count).toLocaleString("en-US");

function weekLabel(isoDate: string) {
  return `Week of ${formatShortDay(isoDate)}`;
}

const dayLabel = formatDay;

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

type Totals = { walks: number; metres: number; steps: number };

function TotalsCard({ id, title, totals }: { id: string; title: string; totals: Totals }) {
  return (
    <section aria-labelledby={`${id}-totals-heading`} className="card p-4" data-totals={id}>
      <h3 id={`${id}-totals-heading`} className="text-lg font-semibold">
        {title}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-stone-700">Distance</dt>
        <dd>{miles(totals.metres)} mi</dd>
        <dt className="font-medium text-stone-700">Walks</dt>
        <dd>{totals.walks}</dd>
        <dt className="font-medium text-stone-700">Steps</dt>
        <dd>about {steps(totals.steps)}</dd>
      </dl>
    </section>
  );
}

function WeeksChart({ weeks }: { weeks: { weekStart: string; metres: number; walks: number }[] }) {
  const title = "Miles walked in each of the last 8 weeks";
  return (
    <figure className="card p-4">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <BarChart
        id="walk-weeks-chart"
        title={title}
        summary="Bar chart, oldest week first; the same numbers are in the table below."
        series={[{ name: "Miles", bar: "bg-brand-700" }]}
        rows={weeks.map((week) => ({ label: weekLabel(week.weekStart), values: [Number(miles(week.metres))] }))}
      />
      <FigureTable
        title={title}
        heading="Week"
        columns={["Miles", "Walks"]}
        rows={weeks.map((week) => ({ label: weekLabel(week.weekStart), figures: [miles(week.metres), week.walks] }))}
        className="mt-3"
      />
    </figure>
  );
}

function LogWalkForm({
  trails,
  defaultTrailId,
  today,
  lastResult,
}: {
  trails: { id: string; name: string }[];
  defaultTrailId?: string;
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields, summary] = useSchemaForm("log-walk-form", walkInputSchema, lastResult, {
    trailId: defaultTrailId,
    date: today,
    laps: "1",
  });
  return (
    <Form
      method="post"
      action={actionToSummary(PAGE, summary)}
      {...getFormProps(form)}
      aria-labelledby="log-walk-heading"
      className="mt-4 space-y-4"
    >
      <ErrorSummary summary={summary} level={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.trailId}
          label="Trail"
          placeholder="Select Trail"
          options={trails.map((trail) => ({ value: trail.id, label: trail.name }))}
        />
        <TextField field={fields.date} label="Date" type="date" inputProps={{ max: today }} />
        <TextField
          field={fields.durationMinutes}
          label="Duration in minutes (optional)"
          type="number"
          inputProps={{ min: 1, max: MAX_WALK_MINUTES, step: "any", inputMode: "decimal" }}
        />
        <TextField
          field={fields.laps}
          label="Laps"
          type="number"
          inputProps={{ min: 0.5, max: MAX_WALK_LAPS, step: "any", inputMode: "decimal" }}
        />
        <TextField
          field={fields.distanceMiles}
          label="Distance in miles (optional)"
          type="number"
          inputProps={{ min: 0.01, max: MAX_WALK_MILES, step: "any", inputMode: "decimal" }}
          hint={<p className="mb-1 text-sm text-stone-600">Empty: the trail's length times the laps.</p>}
        />
      </div>
      <SubmitButton intent="log" label="Save walk" pendingLabel="Saving…" />
      <input type="hidden" name="intent" value="log" />
    </Form>
  );
}

type WalkView = {
  _id: string;
  trailName: string;
  date: string;
  durationMinutes: number | null;
  distanceMetres: number;
  steps: number;
};

function WalkList({ walks }: { walks: WalkView[] }) {
  if (walks.length === 0)
    return <p className="card p-4">No walks yet. Log one above, or start a walk on the trail map.</p>;
  return (
    // `relative` keeps the visually hidden "Actions" header inside the card (it is positioned, and escaped
    // to widen the whole page on a phone); on a narrow screen the table scrolls inside the card, which
    // is a focusable region so a keyboard can scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
    <div className="card relative overflow-x-auto" role="region" aria-label="Table of your walks" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your walks, newest first</caption>
        <thead className="border-b border-stone-300">
          <ColumnHeads
            columns={[
              "Date",
              "Trail",
              ...(["Duration", "Distance", "Steps"] as const).map((label) => ({ label, align: "right" as const })),
              actionsColumn,
            ]}
            cell="px-4 py-2"
          />
        </thead>
        <tbody>
          {walks.map((walk) => (
            <tr key={walk._id} className="border-b border-stone-200 last:border-0" data-walk-id={walk._id}>
              <th scope="row" className="px-4 py-2 font-medium">
                {dayLabel(walk.date)}
              </th>
              <td className="px-4 py-2">{walk.trailName}</td>
              <td className="px-4 py-2 text-right tabular-nums">
                {walk.durationMinutes === null ? "—" : formatWalkingTime(walk.durationMinutes)}
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{miles(walk.distanceMetres)} mi</td>
              <td className="px-4 py-2 text-right tabular-nums">{steps(walk.steps)}</td>
              <td className="px-4 py-2">
                <Link
                  to={`${PAGE}?confirm=delete&id=${walk._id}`}
                  preventScrollReset
                  aria-haspopup="dialog"
                  className="btn-link inline-flex min-h-11 items-center"
                  aria-label={`Delete the walk of ${dayLabel(walk.date)} on the ${walk.trailName}`}
                >
                  Delete
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
