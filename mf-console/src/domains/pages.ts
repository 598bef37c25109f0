import { type AppPages, lazyPage } from '@app/shared';

/** Sending, bounce and tracking domains. */
export const domainPages = {
  'domain-add': lazyPage(
    () => import('./DomainAddPage.tsx').then((m) => m.DomainAddPage),
    ['button', 'checkbox', 'input'],
  ),
  'sending-domain': lazyPage(
    () => import('./SendingDomainListPage.tsx').then((m) => m.SendingDomainListPage),
    ['button', 'skeleton', 'tag'],
  ),
  'sending-domain-detail': lazyPage(
    () => import('./SendingDomainDetailPage.tsx').then((m) => m.SendingDomainDetailPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'bounce-domain': lazyPage(
    () => import('./BounceDomainListPage.tsx').then((m) => m.BounceDomainListPage),
    ['button', 'skeleton', 'tag'],
  ),
  'bounce-domain-detail': lazyPage(
    () => import('./BounceDomainDetailPage.tsx').then((m) => m.BounceDomainDetailPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'tracking-domain': lazyPage(
    () => import('./TrackingDomainListPage.tsx').then((m) => m.TrackingDomainListPage),
    ['button', 'skeleton', 'tag'],
  ),
  'tracking-domain-detail': lazyPage(
    () => import('./TrackingDomainDetailPage.tsx').then((m) => m.TrackingDomainDetailPage),
    ['button', 'input', 'skeleton', 'switch', 'tag'],
  ),
} satisfies AppPages<'@app/mf-console'>;
