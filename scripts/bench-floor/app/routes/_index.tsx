import { useLoaderData } from "@remix-run/react";

// A loader and a list, with no database, session or layout: what any Remix page costs at the least.
export function loader() {
  return { items: Array.from({ length: 50 }, (_, index) => ({ id: index, name: `Item ${index}` })) };
}

export default function Index() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  );
}
