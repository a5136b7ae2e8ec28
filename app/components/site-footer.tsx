import { SiteLink } from "~/components/site-links";

/** `campusName`: the campus settings' name; an error page without the root's data names no place. */
export function SiteFooter({ campusName }: { campusName: string | null }) {
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-stone-700 sm:flex-row sm:px-6">
        <p>
          © Walking Trails, Spring 2025.{" "}
          {campusName ? `A wellness project for ${campusName}.` : "A campus wellness project."}
        </p>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            <li>
              <SiteLink to="/about" className="btn-link inline-flex min-h-11 items-center">
                About
              </SiteLink>
            </li>
            <li>
              <SiteLink to="/privacy" className="btn-link inline-flex min-h-11 items-center">
                Privacy
              </SiteLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
