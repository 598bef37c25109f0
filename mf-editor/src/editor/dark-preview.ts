// An emulation of mail clients' dark mode for the preview. Clients that force dark mode (Outlook.com,
// Gmail's apps, Apple Mail with no dark styles of the mail's own) invert light backgrounds and text
// while keeping hues and photos; inverting the page and rotating hues by 180° does the same, and
// images get the same filter again so they look as they are. It shows what is at risk (logos on
// transparent backgrounds, dark text on images), not any one client exactly.
export const darkPreviewStyle = `<style data-preview="dark">
:root { color-scheme: dark; }
html { filter: invert(1) hue-rotate(180deg); background: #fff; }
img, video, picture, [style*="background-image"] { filter: invert(1) hue-rotate(180deg); }
</style>`;

/** The mail's HTML as shown in the preview frame, with the dark emulation when `dark`. */
export function previewDocument(html: string, dark: boolean): string {
  if (!dark) return html;
  const headEnd = html.search(/<\/head>/i);
  return headEnd < 0
    ? `${darkPreviewStyle}${html}`
    : `${html.slice(0, headEnd)}${darkPreviewStyle}${html.slice(headEnd)}`;
}
