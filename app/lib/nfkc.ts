/** Compatibility forms (fullwidth letters, ligatures, superscripts) folded into their plain letters. */
export function nfkc(value: string) {
  return value.normalize("NFKC");
}
