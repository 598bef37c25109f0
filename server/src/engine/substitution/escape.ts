const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '/': '&#x2F;',
};

/** What `{{ }}` does to a value in html and amp_html. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'/]/g, (char) => HTML_ENTITIES[char] ?? char);
}

/** What `{{ }}` does to a value inside a link: every character that could end or reshape it is encoded. */
export function encodeUrlValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
