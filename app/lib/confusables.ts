import { CONFUSABLE_PROTOTYPES } from "~/generated/confusables";

// UTS #39 "Unicode Security Mechanisms", section 4: two strings are confusable when their skeletons are
// equal. A skeleton is for comparing only: it mixes scripts and is never shown to anyone.

let prototypes: Map<number, string> | undefined;

/** The prototype table, read from its compact text on first use (a few milliseconds, once per process). */
function prototypeTable() {
  if (!prototypes) {
    prototypes = new Map();
    for (const line of CONFUSABLE_PROTOTYPES.split("\n")) {
      if (!line) continue;
      const [source, ...prototype] = line.split(" ").map((code) => Number.parseInt(code, 16));
      prototypes.set(source, String.fromCodePoint(...prototype));
    }
  }
  return prototypes;
}

/** Unicode 15.1's skeleton drops these (variation selectors, Hangul fillers, the grapheme joiner…). */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The standard's steps once: NFD, drop default ignorables, each character to its prototype, NFD again. */
function skeletonStep(text: string) {
  const table = prototypeTable();
  let mapped = "";
  for (const char of text.normalize("NFD").replace(DEFAULT_IGNORABLE, ""))
    mapped += table.get(char.codePointAt(0)!) ?? char;
  return mapped.normalize("NFD");
}

/**
 * The UTS #39 skeleton of a text. One pass of the standard's steps is not always a fixed point: a few
 * prototypes (13 of Unicode 13.0.0's, e.g. "ǆ" → "dž", whose caron is itself mapped to a breve once
 * NFD has split it off) change again in a second pass, so the steps repeat until nothing changes. That
 * makes skeleton(skeleton(x)) = skeleton(x) for every text, which the username keys rely on.
 */
export function skeleton(text: string) {
  let result = skeletonStep(text);
  for (let round = 0; round < 4; round++) {
    const next = skeletonStep(result);
    if (next === result) break;
    result = next;
  }
  return result;
}
