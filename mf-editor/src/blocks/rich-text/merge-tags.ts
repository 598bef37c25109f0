import { createContext } from 'react';

/**
 * The merge tags the rich-text toolbar offers: the company's contact field tags, which the editor
 * provides from its session (the canvas's blocks get no EditorServices). Without an editor around,
 * the built-in contact fields; "Custom tag…" takes any other name. Null on a page: a page has no
 * recipient to fill them, so none is offered.
 */
export const MergeTagsContext = createContext<readonly string[] | null>([
  'email',
  'firstname',
  'lastname',
  'phone',
]);
