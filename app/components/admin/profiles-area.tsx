export function ProfilesArea(_props: { data: unknown; actionData?: unknown }) {
  return <p className="text-stone-700">This area is not available yet.</p>;
}
