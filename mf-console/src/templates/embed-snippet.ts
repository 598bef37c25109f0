/** The HTML a vendor's page needs to show the editor on one template: the element and one module script. */
export function embedSnippet(engineOrigin: string, token: string, templateId: string): string {
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return [
    `<email-editor api-base="${attribute(engineOrigin)}" token="${attribute(token)}" template-id="${attribute(templateId)}"></email-editor>`,
    `<script type="module" src="${attribute(engineOrigin)}/embed/email-editor.js"></script>`,
  ].join('\n');
}
