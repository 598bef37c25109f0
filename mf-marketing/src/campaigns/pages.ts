import { type AppPages, lazyPage } from '@app/shared';

const listPage = lazyPage(
  () => import('./CampaignListPage.tsx').then((m) => m.CampaignListPage),
  ['button', 'input', 'skeleton', 'tag', 'switch'],
);
const composePage = lazyPage(
  () => import('./CampaignComposePage.tsx').then((m) => m.CampaignComposePage),
  ['button', 'input', 'checkbox', 'skeleton', 'tag', 'textarea', 'spinner'],
);

/** Campaigns and A/B tests: their lists, the categories and the composer of one. */
export const campaignPages = {
  campaign: listPage,
  'ab-test': listPage,
  'campaign-category': lazyPage(
    () => import('./CampaignCategoryPage.tsx').then((m) => m.CampaignCategoryPage),
    ['button', 'input', 'skeleton', 'dialog'],
  ),
  'campaign-compose': composePage,
  'ab-test-compose': composePage,
} satisfies AppPages<'@app/mf-marketing'>;
