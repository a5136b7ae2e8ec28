// Every page's title names the page, the campus and the product: "About | Sample Campus | Walking
// Trails". The campus's name comes from the root loader (its settings, decision 076).

type TitleMatch = { id: string; data?: unknown };

/** The campus's name as the root loader gave it, if it did (an error page's root may have no data). */
function campusNameIn(matches: readonly TitleMatch[]): string | null {
  const data = matches.find((match) => match.id === "root")?.data as { campus?: { name?: string } } | undefined;
  return data?.campus?.name ?? null;
}

export function pageTitle(matches: readonly TitleMatch[], page: string): string {
  const campus = campusNameIn(matches);
  return [page, campus, "Walking Trails"].filter(Boolean).join(" | ");
}
