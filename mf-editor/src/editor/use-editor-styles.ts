import { type RefObject, useLayoutEffect } from 'react';
import { editorStyles } from './editor-styles.ts';

let sheet: CSSStyleSheet | undefined;
const styleElementId = 'email-editor-styles';

/** Applies the editor's stylesheet where `ref`'s element lives: its shadow root, or the document. */
export function useEditorStyles(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot && 'adoptedStyleSheets' in root) {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(editorStyles);
      }
      if (!root.adoptedStyleSheets.includes(sheet))
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      return;
    }
    if (document.getElementById(styleElementId)) return;
    const style = document.createElement('style');
    style.id = styleElementId;
    style.textContent = editorStyles;
    document.head.append(style);
  }, [ref]);
}
