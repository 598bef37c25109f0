import { type AppPages, lazyPage, pagePreloader, routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';

/** The compose page, a chunk of its own; the editor element it mounts brings its UI kit components. */
const ComposePage = lazyPage(
  () => import('./compose/ComposePage.tsx').then((m) => m.ComposePage),
  ['spinner'],
);

/** The composers left here, by §2 route: the block editor (`<email-editor>`) on an engine template (the form, page and template composers are the marketing app's builders). */
const pages = {
  'formpage-compose': ComposePage,
} satisfies AppPages<'@app/mf-editor'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});

export const preloadPage = pagePreloader(pages);
