import { withoutScripts } from "~/lib/page-scripts";

// Any path no other route claims: answer a real 404 rendered by the root error boundary.
export const handle = withoutScripts;

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
