import { lazy, Suspense } from 'react';
import { Spinner } from './components.tsx';
import type { EmbeddedEmailEditorProps } from './embed-token.ts';

const View = lazy(() =>
  import('./EmbeddedEmailEditorView.tsx').then((module) => ({ default: module.EmbeddedEmailEditorView })),
);

/**
 * `<email-editor>` on a console page (see EmbeddedEmailEditorView): its code is a chunk of its own,
 * fetched by the pages that show an editor, not with every page's first load.
 */
export function EmbeddedEmailEditor(props: EmbeddedEmailEditorProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the editor ..." />}>
      <View {...props} />
    </Suspense>
  );
}
