import { SiteLink } from "~/components/site-links";

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-stone-700 sm:flex-row sm:px-6">
        <p>© Walking Trails, Spring 2025. A campus wellness project.</p>
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
