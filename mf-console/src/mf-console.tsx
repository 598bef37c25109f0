import { routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';
import type { AppPages } from '../../root-config/src/routing/route-table.ts';
import { AuthorizedRecipientVerifyPage } from './pages/AuthorizedRecipientVerifyPage.tsx';

/** The transactional console's screens, by §2 route; the others arrive in later issues. */
const pages = {
  'authorized-recipient-verify': AuthorizedRecipientVerifyPage,
} satisfies AppPages<'@app/mf-console'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});
