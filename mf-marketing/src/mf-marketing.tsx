import { routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';

// The marketing areas arrive in later issues; the §2 table gives this app no route yet.
export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot({}),
});
