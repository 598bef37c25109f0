// The template editor's sample substitution data, read without zod: the live preview parses it on
// every change.

/** The sample data as an object, or why it is not one. */
export function parseSampleData(json: string): { data: Record<string, unknown> } | { error: string } {
  if (!json.trim()) return { data: {} };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { error: `The sample data is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'The sample data must be a JSON object, e.g. {"first_name": "Ada"}' };
  }
  return { data: value as Record<string, unknown> };
}
