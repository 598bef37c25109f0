/** How a template's content is written: in the code editors, or designed with the block editor. */
export type EditorMode = 'code' | 'design';

/** The mode a page opens in: `?editor=design` in its URL (links and the design flow set it). */
export function editorModeOf(search: string): EditorMode {
  return new URLSearchParams(search).get('editor') === 'design' ? 'design' : 'code';
}

/** The same page's URL in `mode`, other query values kept. */
export function withEditorMode(pathname: string, search: string, mode: EditorMode): string {
  const params = new URLSearchParams(search);
  if (mode === 'design') params.set('editor', 'design');
  else params.delete('editor');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const idPattern = /^[A-Za-z0-9._-]+$/;

/** The template ID rules of the engine (resourceId), as a message for the field; null when valid. */
export function templateIdProblem(id: string): string | null {
  if (!id) return 'A template ID is required';
  if (id.length > 64) return 'The template ID is at most 64 characters';
  if (!idPattern.test(id)) return 'The template ID may contain only letters, digits, ".", "_" and "-"';
  return null;
}
