import { Link } from "@remix-run/react";

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-stone-700 sm:flex-row sm:px-6">
        <p>© Walking Trails, Spring 2025. A campus wellness project.</p>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            <li>
              <Link to="/about" className="btn-link inline-flex min-h-11 items-center">
                About
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="btn-link inline-flex min-h-11 items-center">
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
