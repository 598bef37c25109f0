/**
 * The merge tags the rich-text toolbar offers (the canvas gets no EditorServices, so the list is
 * fixed here; "Custom tag…" takes any other name).
 */
export const richTextMergeTags = ['first_name', 'last_name', 'email', 'company'] as const;
