// How long a refused person waits, in words, from the same whole seconds the answer's Retry-After
// carries: every refusal (pages and API alike) says its wait through these, so the two never disagree.
// Rounded up, never down: the sentence never names an earlier time than the header does.

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** "45 seconds", "52 minutes", "1 hour", "23 hours and 5 minutes", for a Retry-After of `seconds`. */
export function waitPhrase(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, "second");
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} and ${plural(rest, "minute")}`;
}

/** The closing sentence of every refusal: "Please try again in 52 minutes." */
export function tryAgainIn(seconds: number): string {
  return `Please try again in ${waitPhrase(seconds)}.`;
}
