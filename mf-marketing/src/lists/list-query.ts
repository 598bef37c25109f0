/** A list query (the marketing list conventions: page, size, sort, search, status, category...) as a query string; empty values are left out. */
export function listQueryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
