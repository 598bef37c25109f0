/**
 * The text with A-Z lower-cased and nothing else changed, so every position in it is the same
 * position in the text: String#toLowerCase may change the length ('İ' becomes two UTF-16 units),
 * and a position found in its result would cut the original in the wrong place.
 */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}
