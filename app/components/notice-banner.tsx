import { PageLink } from "~/components/page-link";
import { formatCampusTime } from "~/lib/dates";
import { noticeKindLabels, type NoticeKind, type NoticeView } from "~/schemas/notice";

// Closure and caution notices as walkers meet them (docs/features.md). A closure and a caution differ in
// their word, their icon and their frame, never by colour alone.

const kindFrame: Record<NoticeKind, string> = {
  closed: "border-red-800 bg-red-50",
  caution: "border-amber-700 bg-amber-50",
};

const kindText: Record<NoticeKind, string> = { closed: "text-red-900", caution: "text-amber-900" };

/** A no-entry sign for Closed, a warning triangle for Caution; the word beside it says which. */
export function NoticeIcon({ kind, className = "h-5 w-5" }: { kind: NoticeKind; className?: string }) {
  return kind === "closed" ? (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`shrink-0 ${className}`} data-notice-icon="closed">
      <circle cx="10" cy="10" r="9" fill="#991b1b" />
      <rect x="4" y="8.25" width="12" height="3.5" rx="0.5" fill="#ffffff" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`shrink-0 ${className}`} data-notice-icon="caution">
      <path d="M10 1.5 19 18H1z" fill="#facc15" stroke="#78350f" strokeWidth="1.5" strokeLinejoin="round" />
      <rect x="9.1" y="6.5" width="1.8" height="6" fill="#1c1917" />
      <rect x="9.1" y="14" width="1.8" height="1.8" fill="#1c1917" />
    </svg>
  );
}

/** "Closed" or "Caution" with its icon. */
export function NoticeKindTag({ kind }: { kind: NoticeKind }) {
  return (
    <span className={`inline-flex items-center gap-1.5 font-bold ${kindText[kind]}`}>
      <NoticeIcon kind={kind} />
      {noticeKindLabels[kind]}
    </span>
  );
}

/** When it goes: "Until Fri, Nov 27, 2026, 3:30 PM EST", or nothing for a notice without an end. */
function Until({ endsAt, timeZone }: { endsAt: string | null; timeZone: string }) {
  if (!endsAt) return null;
  return (
    <p className="mt-1 text-sm text-stone-800">
      Until <time dateTime={endsAt}>{formatCampusTime(endsAt, timeZone)}</time>
    </p>
  );
}

/**
 * The notices showing now at the top of a page's content, before its map, under a heading of its own: a
 * screen reader meets it first and can jump to it by its heading or its region. It is no live region: it
 * is there when the page loads, so it is read in order rather than announced. Nothing when none show.
 * `here` is the page's own place: its notices name no link to the page itself. `timeZone`: the campus
 * clock its times are shown on (a prop, not the root's data: the trail map's page renders it apart).
 */
export function NoticeBanner({ notices, here, timeZone }: { notices: NoticeView[]; here?: string; timeZone: string }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="notices-heading" className="mb-6" data-notices={notices.length}>
      <h2 id="notices-heading" className="mb-2 text-xl font-semibold text-stone-900">
        Notices
      </h2>
      <ul className="space-y-2">
        {notices.map((notice) => (
          <li
            key={notice.id}
            className={`rounded-md border-l-8 px-4 py-3 ${kindFrame[notice.kind]}`}
            data-notice-kind={notice.kind}
          >
            <p className="flex flex-wrap items-center gap-x-2">
              <NoticeKindTag kind={notice.kind} />
              <span className="text-stone-900">
                {notice.place.href === here ? (
                  notice.place.name
                ) : (
                  <PageLink
                    to={notice.place.href}
                    className="inline-flex min-h-6 items-center font-medium text-brand-700 underline"
                  >
                    {notice.place.name}
                  </PageLink>
                )}
              </span>
            </p>
            <p className="mt-1 whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">{notice.message}</p>
            <Until endsAt={notice.endsAt} timeZone={timeZone} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A notice beside its bench in a list: "Closed: <message>". */
export function NoticeMark({ notice }: { notice: Pick<NoticeView, "kind" | "message"> }) {
  return (
    <p className={`mt-1 flex items-start gap-1.5 text-sm ${kindText[notice.kind]}`} data-notice-mark={notice.kind}>
      <NoticeIcon kind={notice.kind} className="mt-0.5 h-4 w-4" />
      <span className="[overflow-wrap:anywhere]">
        <strong>{noticeKindLabels[notice.kind]}:</strong> <span className="text-stone-900">{notice.message}</span>
      </span>
    </p>
  );
}
