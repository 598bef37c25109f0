import { routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';
import type { AppPages } from '../../root-config/src/routing/route-table.ts';

/** The composers, by §2 route; none is built yet, so each of its routes says so inside the shell. */
const pages = {} satisfies AppPages<'@app/mf-editor'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});
