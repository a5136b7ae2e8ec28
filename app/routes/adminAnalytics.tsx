import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";

// Placeholder: the guard is what matters here; the admin issue replaces the page itself.
export const meta: MetaFunction = () => [{ title: "Analytics | Walking Trails" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <div className="page">
      <h1 className="page-title">Analytics</h1>
    </div>
  );
}
