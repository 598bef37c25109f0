import { type AppPages, lazyPage } from '@app/shared';

/** Campaigns: the list, their categories and the composer of one campaign. */
export const campaignPages = {
  campaign: lazyPage(
    () => import('./CampaignListPage.tsx').then((m) => m.CampaignListPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'campaign-category': lazyPage(
    () => import('./CampaignCategoryPage.tsx').then((m) => m.CampaignCategoryPage),
    ['button', 'input', 'skeleton', 'dialog'],
  ),
  'campaign-compose': lazyPage(
    () => import('./CampaignComposePage.tsx').then((m) => m.CampaignComposePage),
    ['button', 'input', 'checkbox', 'skeleton', 'tag', 'textarea', 'spinner'],
  ),
} satisfies AppPages<'@app/mf-marketing'>;
