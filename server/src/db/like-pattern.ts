/** A LIKE pattern matching `text` literally (with `ESCAPE '\'`). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An ILIKE pattern for "contains `text`" (with `ESCAPE '\'`). */
export const containsPattern = (text: string): string => `%${likeLiteral(text)}%`;
