import { $currentRoute, Panel } from '@app/shared';
import { useStore } from '@nanostores/react';
import { DnsRecordPanel } from './DnsRecordPanel.tsx';
import { DefaultBounceButton, DeleteSendingDomainButton } from './DomainActions.tsx';
import { DomainDeletePanel, DomainDetailPage } from './DomainDetailPage.tsx';
import { domainParam } from './DomainNav.tsx';
import { domainFeature } from './flags.ts';
import { useSendingDomain } from './use-sending-domain.ts';

/**
 * /domain/bounce/:id: the CNAME that points the domain here (and the DKIM record that shows it is
 * yours), "Verify", default bounce domain, delete.
 */
export function BounceDomainDetailPage() {
  const domain = domainParam(useStore($currentRoute)?.params.id);
  const { loaded, verify, verifying, record } = useSendingDomain(domain);
  const view = loaded.data?.view;

  return (
    <DomainDetailPage
      use="bounce"
      title="Bounce Domain Detail"
      domain={domain}
      description="publish the CNAME record, and the DKIM record that shows the domain is yours, then press Verify."
      status={loaded.status}
      ready={view !== undefined}
      verifying={verifying}
      onVerify={() => void verify({ cname_verify: true, dkim_verify: true })}
      skeletonLines={5}
    >
      {view ? (
        <>
          <DnsRecordPanel
            title="CNAME record"
            purpose="Points the domain at this platform, so bounces come back here. A CNAME cannot share its name with other records: keep this name for bounces only."
            type="CNAME"
            {...record('cname', domain)}
          />
          <DnsRecordPanel
            title="DKIM record"
            purpose="Every account's CNAME points at the same host, so only this record shows the domain is yours: it must be verified before the domain can be the default."
            type="TXT"
            {...record('dkim')}
          />
          <Panel title="Default bounce domain">
            <p className="muted">
              {view.is_default_bounce_domain
                ? 'Mail of this account uses this domain as its Return-Path.'
                : 'Once the CNAME and DKIM records are valid, make this the Return-Path of all mail of this account.'}
            </p>
            <DefaultBounceButton
              domain={domain}
              view={view}
              onChanged={loaded.reload}
              disabled={!domainFeature('bounceDomain', 'update')}
            />
          </Panel>
          <DomainDeletePanel
            use="bounce"
            note="A bounce domain is a sending domain: deleting it deletes both."
          >
            <DeleteSendingDomainButton
              domain={domain}
              back="/domain/bounce"
              note="It is also removed from your sending domains."
            />
          </DomainDeletePanel>
        </>
      ) : null}
    </DomainDetailPage>
  );
}
