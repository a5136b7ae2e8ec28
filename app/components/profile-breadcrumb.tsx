import { Link } from "@remix-run/react";

/** "My Profile › <page>" above a page of the profile area (My Walks, My Reports), then its heading. */
export function ProfileBreadcrumb({ page }: { page: string }) {
  return (
    <>
      <p className="text-sm">
        <Link to="/userControlPanel" className="btn-link inline-flex min-h-11 items-center">
          My Profile
        </Link>{" "}
        <span aria-hidden="true">›</span> {page}
      </p>
      <h1 className="page-title">{page}</h1>
    </>
  );
}
