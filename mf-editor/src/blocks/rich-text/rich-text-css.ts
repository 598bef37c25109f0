/**
 * The rich text's own rules: rendered inside the component, so they apply in a shadow root too
 * (Tiptap's injected CSS goes to document.head, which a shadow root does not see).
 */
export const richTextCss = `
.mf-rich-text .ProseMirror { white-space: pre-wrap; word-wrap: break-word; outline: none; min-height: 1.5em; }
.mf-rich-text .ProseMirror[contenteditable="true"] { box-shadow: inset 0 0 0 1px #2457c5; cursor: text; }
.mf-rich-text p { margin: 0 0 0.75em; }
.mf-rich-text p:last-child { margin-bottom: 0; }
.mf-rich-text h1, .mf-rich-text h2, .mf-rich-text h3 { margin: 0 0 0.5em; line-height: 1.25; }
.mf-rich-text ul, .mf-rich-text ol { margin: 0 0 0.75em; padding-left: 1.5em; }
.mf-rich-text blockquote { margin: 0 0 0.75em; padding-left: 1em; border-left: 3px solid #c4c4c4; }
.mf-rich-text-failed { margin: 0.5em 0 0; font: 13px/1.4 system-ui, sans-serif; color: #b42318; }
.mf-rich-text a { color: var(--mf-link-color, #2457c5); text-decoration: underline; }
.mf-rich-text-toolbar button, .mf-rich-text-toolbar select {
  font: 600 13px/1 system-ui, sans-serif; min-width: 2rem; min-height: 2rem; padding: 0 0.5rem;
  border: 1px solid #6b7280; border-radius: 4px; background: #fff; color: #1f2937; cursor: pointer;
}
.mf-rich-text-toolbar button[aria-pressed="true"] { background: #1f2937; color: #fff; }
.mf-rich-text-toolbar button:focus-visible, .mf-rich-text-toolbar select:focus-visible { outline: 2px solid #2457c5; outline-offset: 1px; }
`;
