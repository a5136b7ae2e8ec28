import { readFileSync } from "node:fs";
import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import { renderConfusablesData, outputFile } from "../../scripts/confusables-data.mjs";
import { skeleton } from "~/lib/confusables";
import { CONFUSABLE_PROTOTYPES, CONFUSABLES_UNICODE_VERSION } from "~/generated/confusables";
import { caseFold, usernameKey, usernameKeys, usernameShapeKey } from "~/lib/username-key";

/** Two names are one name when either key is equal: what the two unique indexes of User enforce. */
const sameName = (a: string, b: string) =>
  usernameKey(a) === usernameKey(b) || usernameShapeKey(a) === usernameShapeKey(b);

const table = CONFUSABLE_PROTOTYPES.trim()
  .split("\n")
  .map((line) => line.split(" ").map((code) => Number.parseInt(code, 16)))
  .map(([source, ...prototype]) => ({
    source: String.fromCodePoint(source),
    prototype: String.fromCodePoint(...prototype),
  }));

/** Characters a stored name can hold (usernames are stored NFKC) that NFD leaves alone too. */
const storable = (char: string) => char.normalize("NFKC") === char && char.normalize("NFD") === char;

describe("the confusables data", () => {
  test("is the table of the pinned package, as scripts/confusables-data.mjs writes it", () => {
    expect(readFileSync(outputFile, "utf8")).toBe(renderConfusablesData());
    expect(CONFUSABLES_UNICODE_VERSION).toBe("13.0.0");
    expect(table).toHaveLength(6311);
    expect(new Set(table.map((row) => row.source)).size).toBe(table.length);
  });
});

describe("skeleton (UTS #39)", () => {
  test("maps the standard's look-alikes to one prototype", () => {
    // Cyrillic and Greek letters that look Latin.
    expect(skeleton("\u0440\u0430\u0443\u0440\u0430l")).toBe("paypal"); // раураl: Cyrillic р, а, у
    expect(skeleton("p\u03b1yp\u03b1l")).toBe("paypal"); // Greek α
    expect(skeleton("\u0455\u0441\u043e\u0440\u0435")).toBe("scope"); // ѕсоре
    expect(skeleton("\u0391\u0392\u0395")).toBe("ABE"); // Greek capitals
    // Mathematical letters (fullwidth ones are NFKC's: the keys apply NFKC first).
    expect(skeleton("\u{1d41a}\u{1d41d}")).toBe("ad"); // 𝐚𝐝
    // The data maps m to r + n, the digit 0 to capital O, and 1, I and | to l.
    expect(skeleton("m")).toBe("rn");
    expect(skeleton("admin")).toBe(skeleton("adrnin"));
    expect(skeleton("0")).toBe("O");
    expect(new Set(["1", "I", "|", "l"].map(skeleton))).toEqual(new Set(["l"]));
    // Invisible default-ignorable characters are dropped.
    expect(skeleton("ad\u034fmin\ufe0f")).toBe(skeleton("admin"));
  });

  test("keeps different names apart", () => {
    for (const [a, b] of [
      ["anna", "anne"],
      // Marks that are letters of their script (a Devanagari vowel sign) are not accents.
      ["\u0915", "\u0915\u093f"],
      ["walker", "talker"],
      ["ian", "lan"],
      ["bob", "bob2"],
    ]) {
      expect(skeleton(a), `${a} / ${b}`).not.toBe(skeleton(b));
    }
  });

  test("is idempotent for every character of the table and for any text", () => {
    for (const { source, prototype } of table) {
      expect(skeleton(skeleton(source)), source).toBe(skeleton(source));
      expect(skeleton(skeleton(prototype)), prototype).toBe(skeleton(prototype));
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 20, unit: "grapheme" }), (text) => {
        expect(skeleton(skeleton(text))).toBe(skeleton(text));
      }),
    );
  });

  test("gives a character that a stored name can hold the skeleton of its prototype", () => {
    for (const { source, prototype } of table.filter((row) => storable(row.source)))
      expect(skeleton(source), source).toBe(skeleton(prototype));
  });
});

describe("username keys", () => {
  test("names that differ only by case, compatibility form or look-alike characters are one name", () => {
    const groups = [
      // Cyrillic а, capitals, fullwidth, "rn" for "m", a Cyrillic capital А.
      ["admin", "\u0430dmin", "ADMIN", "\uff41\uff44\uff4d\uff49\uff4e", "adrnin", "Admin", "\u0410DMIN"],
      // Accents from the generic combining marks, typed apart or as one letter, one or stacked many.
      [
        "admin",
        "admi\u0144",
        "admin\u0301",
        "a\u0300dmin",
        "ADMI\u0143",
        "a\u0308d\u0303m\u0301i\u0302n\u0327\u0301\u0301",
        "\u00e1dm\u00ecn",
      ],
      ["ana", "\u00e1na", "Ana\u0338"],
      // Cyrillic and Greek letters; a capital I for the l; Greek capitals.
      [
        "paypal",
        "\u0440\u0430\u0443\u0440\u0430l",
        "p\u03b1yp\u03b1l",
        "PayPaI",
        "PAYPAL",
        "\u03a1\u0391\u03a5\u03a1\u0391L",
      ],
      // Greek capitals Eta, Epsilon and Omicron among Latin ones.
      ["hello", "HELLO", "\u0397\u0395LL\u039f"],
      // The digit 0 and the letter O, in either case.
      ["admon", "adm0n", "ADMON", "ADM0N"],
      ["Ana", "ANA", "\uff21\uff4e\uff41", "ana"],
      ["Stra\u00dfe", "STRASSE", "strasse", "STRA\u1e9eE"],
    ];
    for (const group of groups)
      for (const name of group) expect(sameName(group[0], name), `${group[0]} / ${name}`).toBe(true);
  });

  test("names that look different stay different", () => {
    for (const [a, b] of [
      ["anna", "anne"],
      // Marks that are letters of their script (a Devanagari vowel sign) are not accents.
      ["\u0915", "\u0915\u093f"],
      ["ian", "lan"],
      ["ruby", "tuzz"],
      ["walker_42", "walker_43"],
    ]) {
      expect(sameName(a, b), `${a} / ${b}`).toBe(false);
    }
  });

  test("usernameKey ignores case and Unicode form; the sharp s is ss", () => {
    expect(new Set(["ẞ", "ß", "ss", "SS"].map(usernameKey))).toEqual(new Set(["ss"]));
    expect(usernameKey("\u03a3\u0391\u03a3")).toBe(usernameKey("\u03c3\u03b1\u03c3"));
    expect(usernameKey("José")).toBe(usernameKey("JOSE\u0301"));
    fc.assert(
      fc.property(fc.string({ maxLength: 20, unit: "grapheme" }), (name) => {
        const key = usernameKey(name);
        expect(usernameKey(name.toUpperCase())).toBe(key);
        expect(usernameKey(name.toLowerCase())).toBe(key);
        expect(usernameKey(name.normalize("NFKD"))).toBe(key);
        expect(caseFold(caseFold(name))).toBe(caseFold(name));
      }),
    );
  });

  test("replacing letters of a name by look-alikes from the table keeps the name", () => {
    // For each plain letter and digit, the characters of the table that a stored name can hold and
    // that the standard says look like it (Cyrillic а for a, Greek ο and the digit 0 for o, …).
    const plain = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"];
    const lookAlikes = new Map(
      plain.map((char) => [
        char,
        table.filter((row) => storable(row.source) && skeleton(row.source) === skeleton(char)),
      ]),
    );
    expect(lookAlikes.get("a")!.map((row) => row.source)).toContain("\u0430");
    const name = fc.array(fc.constantFrom(...plain), { minLength: 1, maxLength: 16 });
    fc.assert(
      fc.property(name, fc.infiniteStream(fc.nat()), (chars, picks) => {
        const disguised = chars
          .map((char) => {
            const options = lookAlikes.get(char)!;
            const pick = picks.next().value;
            return options.length === 0 || pick % 3 === 0 ? char : options[pick % options.length].source;
          })
          .join("");
        const original = chars.join("");
        expect(usernameShapeKey(disguised), `${original} / ${disguised}`).toBe(usernameShapeKey(original));
        expect(sameName(original, disguised)).toBe(true);
      }),
    );
  });

  test("usernameKeys gives both keys", () => {
    expect(usernameKeys("PayPaI")).toEqual({ usernameKey: usernameKey("PayPaI"), usernameShapeKey: "paypal" });
  });
});
