import type { SendingDomainVerifyBody, SendingDomainVerifyResult } from '@app/contract';
import { useLoad } from '@app/shared';
import { useState } from 'react';
import { getSendingDomain, listDkimKeys, unverifiedSpf, verifySendingDomain } from './api.ts';
import type { RecordCheck } from './DnsRecordPanel.tsx';

export type RecordKind = 'dkim' | 'spf' | 'cname' | 'dmarc';

/**
 * One sending domain with §7's SPF warning entry, and its "Verify": the statuses come from the
 * domain, the reasons and found values from the last verification made on this page.
 */
export function useSendingDomain(domain: string) {
  const loaded = useLoad(async () => {
    const [view, spf, keys] = await Promise.all([
      getSendingDomain(domain),
      unverifiedSpf(),
      listDkimKeys(domain),
    ]);
    return { view, spf: spf.filter((entry) => entry.domain === domain), keys };
  }, [domain]);
  const [last, setLast] = useState<SendingDomainVerifyResult | undefined>();
  const [verifying, setVerifying] = useState(false);

  async function verify(kinds: SendingDomainVerifyBody) {
    setVerifying(true);
    try {
      setLast(await verifySendingDomain(domain, kinds));
      loaded.reload();
    } catch {
      // The catalogue has shown why.
    } finally {
      setVerifying(false);
    }
  }

  function check(kind: RecordKind): RecordCheck {
    const status = (last ?? loaded.data?.view.status)?.[`${kind}_status`] ?? 'unverified';
    return { status, error: last?.dns?.[`${kind}_error`], found: last?.dns?.[`${kind}_found`] };
  }

  /** The host name, value and last check of one record, for a DnsRecordPanel. */
  function record(kind: RecordKind, fallbackHost = '') {
    const dns = loaded.data?.view.dns;
    return {
      host: dns?.[`${kind}_record`] ?? fallbackHost,
      value: dns?.[`${kind}_value`] ?? '',
      check: check(kind),
    };
  }

  return { loaded, verify, verifying, check, record };
}
