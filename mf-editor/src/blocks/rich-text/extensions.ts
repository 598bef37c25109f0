import StarterKit from '@tiptap/starter-kit';
import { linkError } from '../fields/validation.ts';

/**
 * Only what the server's sanitizer keeps (p, br, strong, em, u, s, a[href], ul, ol, li, h1-h3,
 * blockquote): code, code blocks and rules are off, links carry no target or rel. The frame owns
 * undo/redo, so Tiptap's own history is off too (one Ctrl+Z, one step back).
 */
export const richTextExtensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    undoRedo: false,
    trailingNode: false,
    heading: { levels: [1, 2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => !linkError(url),
    },
  }),
];
