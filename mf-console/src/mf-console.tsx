import { type AppPages, pagePreloader, routePagesRoot, shellReactOptions } from '@app/shared';
import singleSpaReact from 'single-spa-react';
import { analyticsPages } from './analytics/pages.ts';
import { apiKeyPages } from './api-keys/pages.ts';
import { domainPages } from './domains/pages.ts';
import { emailValidationPages } from './email-validation/pages.ts';
import { environmentPages } from './environment/pages.ts';
import { ipPoolPages } from './ip-pools/pages.ts';
import { sandboxPages } from './sandbox/pages.ts';
import { subaccountPages } from './subaccounts/pages.ts';
import { suppressionPages } from './suppression/pages.ts';
import { templatePages } from './templates/pages.ts';
import { usagePages } from './usage/pages.ts';
import { webhookPages } from './webhooks/pages.ts';

/**
 * The transactional console's screens, by §2 route, one folder per area; the others arrive in later
 * issues. Each page is a chunk of its own (lazyPage), fetched when its route opens.
 */
const pages = {
  ...analyticsPages,
  ...environmentPages,
  ...sandboxPages,
  ...domainPages,
  ...apiKeyPages,
  ...subaccountPages,
  ...suppressionPages,
  ...emailValidationPages,
  ...templatePages,
  ...ipPoolPages,
  ...usagePages,
  ...webhookPages,
} satisfies AppPages<'@app/mf-console'>;

export const { bootstrap, mount, unmount } = singleSpaReact({
  ...shellReactOptions,
  rootComponent: routePagesRoot(pages),
});

export const preloadPage = pagePreloader(pages);
