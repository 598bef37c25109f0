import { type AppPages, pagePreloader, routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';
import { campaignPages } from './campaigns/pages.ts';
import { contactPages } from './contacts/pages.ts';
import { dashboardPages } from './dashboard/pages.ts';
import { filePages } from './files/pages.ts';
import { formPages } from './forms/pages.ts';
import { pagePages } from './pages/pages.ts';
import { senderPages } from './senders/pages.ts';
import { templatePages } from './templates/pages.ts';

/**
 * The marketing half's screens (§1, the full variant), by route, one folder per area; later issues
 * add contacts, campaigns, automation, forms, pages, templates and billing. Each page is a chunk of
 * its own, fetched when its route opens.
 */
const pages = {
  ...dashboardPages,
  ...contactPages,
  ...campaignPages,
  ...filePages,
  ...formPages,
  ...pagePages,
  ...senderPages,
  ...templatePages,
} satisfies AppPages<'@app/mf-marketing'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});

export const preloadPage = pagePreloader(pages);
