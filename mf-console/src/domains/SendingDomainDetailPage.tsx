import { $currentRoute, formatUserDateTime, LinkButton, Panel, StatusTag } from '@app/shared';
import { useStore } from '@nanostores/react';
import { DkimKeysPanel } from './DkimKeysPanel.tsx';
import { DnsRecordPanel } from './DnsRecordPanel.tsx';
import { DefaultBounceButton, DeleteSendingDomainButton } from './DomainActions.tsx';
import { DomainDeletePanel, DomainDetailPage } from './DomainDetailPage.tsx';
import { domainParam } from './DomainNav.tsx';
import { domainFeature } from './flags.ts';
import { SpfWarning } from './SpfWarning.tsx';
import { useSendingDomain } from './use-sending-domain.ts';

/** The three TXT records of a sending domain, in the order shown. */
const records = [
  {
    kind: 'dkim',
    title: 'DKIM record',
    purpose:
      'Required. Its public key lets receivers check the signature on your mail and proves the domain is yours.',
  },
  {
    kind: 'spf',
    title: 'SPF record',
    purpose:
      'Recommended. Authorizes this platform to send for the domain. A domain has one SPF record: if it already has one, add the a: term to it instead.',
  },
  {
    kind: 'dmarc',
    title: 'DMARC record',
    purpose:
      'Recommended. Tells receivers what to do with mail that fails DKIM and SPF; p=none only reports.',
  },
] as const;

/**
 * /domain/sending/:id: the DKIM, SPF and DMARC records to publish, each checked by "Verify" (valid,
 * not found, or the wrong value with the engine's reason), default bounce domain, delete.
 */
export function SendingDomainDetailPage() {
  const domain = domainParam(useStore($currentRoute)?.params.id);
  const { loaded, verify, verifying, record } = useSendingDomain(domain);
  const canUpdate = domainFeature('sendingDomain', 'update');
  const view = loaded.data?.view;

  return (
    <DomainDetailPage
      use="sending"
      title="Sending Domain Detail"
      domain={domain}
      description="publish these records at your DNS provider, then press Verify. DNS changes can take a few minutes to show."
      status={loaded.status}
      ready={view !== undefined}
      verifying={verifying}
      onVerify={() => void verify({ dkim_verify: true, spf_verify: true, dmarc_verify: true })}
      skeletonLines={6}
    >
      {view && loaded.data ? (
        <>
          <SpfWarning domains={loaded.data.spf} linked={false} />
          <Panel title="Status">
            <dl className="app-definitions">
              <dt>Can send</dt>
              <dd>
                {view.status.dkim_status === 'valid' ? (
                  <StatusTag variant="success">Yes</StatusTag>
                ) : (
                  <StatusTag variant="warning">Not yet: verify the DKIM record</StatusTag>
                )}
              </dd>
              <dt>Default bounce domain</dt>
              <dd>{view.is_default_bounce_domain ? 'Yes' : 'No'}</dd>
              {view.subaccount_id !== undefined ? (
                <>
                  <dt>Subaccount</dt>
                  <dd>{view.subaccount_id}</dd>
                </>
              ) : null}
              <dt>Added</dt>
              <dd>{formatUserDateTime(new Date(view.creation_time))}</dd>
            </dl>
          </Panel>
          {records.map(({ kind, title, purpose }) => (
            <DnsRecordPanel key={kind} title={title} purpose={purpose} type="TXT" {...record(kind)} />
          ))}
          <DkimKeysPanel keys={loaded.data.keys} />
          <Panel title="Bounces">
            <p className="muted">
              A bounce domain points the Return-Path of your mail at this platform with a CNAME record.
              {view.status.cname_status === 'valid'
                ? ' This domain is verified for bounces.'
                : ' A CNAME cannot share its name with the records above, so use a subdomain you keep for bounces.'}
            </p>
            <div className="app-page-actions">
              <LinkButton to={`/domain/bounce/${encodeURIComponent(domain)}`}>Bounce set-up</LinkButton>
              {view.status.cname_status === 'valid' && canUpdate ? (
                <DefaultBounceButton domain={domain} view={view} onChanged={loaded.reload} />
              ) : null}
            </div>
          </Panel>
          <DomainDeletePanel use="sending" note="Mail From this domain stops being accepted.">
            <DeleteSendingDomainButton domain={domain} back="/domain/sending" />
          </DomainDeletePanel>
        </>
      ) : null}
    </DomainDetailPage>
  );
}
