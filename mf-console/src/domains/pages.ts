import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { BounceDomainDetailPage } from './BounceDomainDetailPage.tsx';
import { BounceDomainListPage } from './BounceDomainListPage.tsx';
import { DomainAddPage } from './DomainAddPage.tsx';
import { SendingDomainDetailPage } from './SendingDomainDetailPage.tsx';
import { SendingDomainListPage } from './SendingDomainListPage.tsx';
import { TrackingDomainDetailPage } from './TrackingDomainDetailPage.tsx';
import { TrackingDomainListPage } from './TrackingDomainListPage.tsx';

/** Sending, bounce and tracking domains. */
export const domainPages = {
  'domain-add': DomainAddPage,
  'sending-domain': SendingDomainListPage,
  'sending-domain-detail': SendingDomainDetailPage,
  'bounce-domain': BounceDomainListPage,
  'bounce-domain-detail': BounceDomainDetailPage,
  'tracking-domain': TrackingDomainListPage,
  'tracking-domain-detail': TrackingDomainDetailPage,
} satisfies AppPages<'@app/mf-console'>;
