/** `{{tag}}` (spaces allowed inside the braces), as the engine's substitution language writes a plain value. */
const plainTag = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The rendered mail with each known merge tag replaced by its sample value (HTML-escaped in markup),
 * as a reader would see it; unknown tags and the language's other forms stay as written.
 */
export function withSamples(
  rendered: string,
  samples: Readonly<Record<string, string>>,
  kind: 'html' | 'text',
): string {
  return rendered.replace(plainTag, (written, tag: string) => {
    const sample = Object.hasOwn(samples, tag) ? samples[tag] : undefined;
    if (sample === undefined) return written;
    return kind === 'html' ? escapeHtml(sample) : sample;
  });
}
