import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";

// Placeholder: the guard is what matters here; the admin issue replaces the page itself.
export const meta: MetaFunction = () => [{ title: "Admin Dashboard | Walking Trails" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <div className="page">
      <h1 className="page-title">Admin Dashboard</h1>
    </div>
  );
}
