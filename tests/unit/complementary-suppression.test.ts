// Hiding small groups only protects them if nothing shown lets anyone work them out. The attacker here
// sees what the analytics show (visible cells, which cells are hidden, the total) and knows the sizes the
// rule works with: a hidden cell is a small group (1 to 4) or a larger one hidden beside it (5 or more),
// and at least one larger one is hidden. For every hidden small group more than one value must remain
// possible. (Which visible cell the rule picks as the complement is not used: decision 045.)
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { complementarySuppression } from "~/models/analytics.server";
import { MIN_GROUP_SIZE } from "~/schemas/analytics";

const isSmall = (value: number) => value > 0 && value < MIN_GROUP_SIZE;

function publish(values: number[]) {
  const { hidden, hideTotal } = complementarySuppression(values, values.map(isSmall));
  return {
    hidden,
    total: hideTotal ? null : values.reduce((a, b) => a + b, 0),
    shown: values.map((value, i) => (hidden[i] ? null : value)),
  };
}

/** Every table the attacker cannot tell apart from `values`: same visible cells, same hidden ones, same total. */
function possibleValuesOfEachHiddenCell(values: number[]) {
  const seen = publish(values);
  const hiddenIndexes = seen.hidden.flatMap((hidden, i) => (hidden ? [i] : []));
  const possible = new Map(hiddenIndexes.map((i) => [i, new Set<number>()]));
  // With the total hidden, differences give nothing away: every value stays possible.
  if (seen.total === null) return null;
  const hiddenSum = seen.total - seen.shown.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const candidate = [...values];
  const fill = (position: number, left: number) => {
    if (position === hiddenIndexes.length - 1) {
      candidate[hiddenIndexes[position]] = left;
      const hiddenValues = hiddenIndexes.map((i) => candidate[i]);
      if (hiddenValues.every((value) => value > 0) && hiddenValues.some((value) => value >= MIN_GROUP_SIZE)) {
        for (const i of hiddenIndexes) possible.get(i)!.add(candidate[i]);
      }
      return;
    }
    for (let value = 0; value <= left; value++) {
      candidate[hiddenIndexes[position]] = value;
      fill(position + 1, left - value);
    }
  };
  if (hiddenIndexes.length > 0) fill(0, hiddenSum);
  return possible;
}

describe("complementary suppression", () => {
  test("one small group beside a total is no longer recoverable", () => {
    // Hiding only the 3 would let total − visible = 3 give it away.
    const published = publish([12, 3, 20]);
    expect(published.shown).toEqual([null, null, 20]);
    expect(possibleValuesOfEachHiddenCell([12, 3, 20])!.get(1)!.size).toBeGreaterThan(1);
  });

  test("no group of 1 to 4 is ever shown, and no total or difference pins one down", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 2, maxLength: 5 }), (values) => {
        const published = publish(values);
        values.forEach((value, i) => {
          if (isSmall(value)) expect(published.shown[i]).toBeNull();
        });
        for (const [index, options] of possibleValuesOfEachHiddenCell(values) ?? []) {
          if (isSmall(values[index]))
            expect(options.size, `${JSON.stringify(values)} cell ${index}`).toBeGreaterThan(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
