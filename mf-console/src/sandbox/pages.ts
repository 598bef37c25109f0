import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { ActivityPage } from './ActivityPage.tsx';
import { AuthorizedRecipientVerifyPage } from './AuthorizedRecipientVerifyPage.tsx';
import { ConfigurationPage } from './ConfigurationPage.tsx';
import { MessagePage } from './MessagePage.tsx';

/** The sandbox: authorized recipients, the configuration page with its snippets, the inbox. */
export const sandboxPages = {
  'authorized-recipient-verify': AuthorizedRecipientVerifyPage,
  configuration: ConfigurationPage,
  activity: ActivityPage,
  'activity-detail': MessagePage,
} satisfies AppPages<'@app/mf-console'>;
