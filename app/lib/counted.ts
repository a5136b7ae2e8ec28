const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** "three trails", "one bench", "12 benches": a count in words up to ten, as prose writes it. */
export function counted(count: number, [one, many]: readonly [string, string]) {
  return `${NUMBER_WORDS[count] ?? count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
