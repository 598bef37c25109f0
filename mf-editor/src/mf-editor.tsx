import { routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';
import type { AppPages } from '../../root-config/src/routing/route-table.ts';
import { ComposePage } from './compose/ComposePage.tsx';

/** The composers, by §2 route: each mounts the block editor (`<email-editor>`) on a template. */
const pages = {
  'page-compose': ComposePage,
  'template-page-compose': ComposePage,
  'form-compose': ComposePage,
  'form-au-compose': ComposePage,
  'formpage-compose': ComposePage,
  'template-form-compose': ComposePage,
} satisfies AppPages<'@app/mf-editor'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});
