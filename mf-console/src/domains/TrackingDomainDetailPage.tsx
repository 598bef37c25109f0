import type { TrackingDomainVerifyResult } from '@app/contract';
import { $currentRoute, Button, ConfirmButton, navigate, Panel, SwitchField, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import {
  deleteTrackingDomain,
  getTrackingDomain,
  updateTrackingDomain,
  verifyTrackingDomain,
} from './api.ts';
import { DnsRecordPanel } from './DnsRecordPanel.tsx';
import { DomainDeletePanel, DomainDetailPage } from './DomainDetailPage.tsx';
import { domainParam } from './DomainNav.tsx';
import { domainFeature } from './flags.ts';

/** A managed certificate's state (tls_status) as the settings say it. */
const certificateWords = {
  unknown: 'not checked yet',
  unavailable: 'not available',
  pending: 'not served yet by the TLS terminator in front of this platform',
  failed: 'the certificate served is not valid for this name',
  expired: 'expired',
  valid: 'valid',
} as const;

/** /domain/tracking/:id: the CNAME to publish, "Verify", HTTPS, default tracking domain, delete. */
export function TrackingDomainDetailPage() {
  const domain = domainParam(useStore($currentRoute)?.params.id);
  const loaded = useLoad(() => getTrackingDomain(domain), [domain]);
  const [last, setLast] = useState<TrackingDomainVerifyResult | undefined>();
  const [busy, setBusy] = useState<'verify' | 'update' | null>(null);
  const canUpdate = domainFeature('trackingDomain', 'update');
  const view = loaded.data;

  async function run(kind: 'verify' | 'update', work: () => Promise<unknown>) {
    setBusy(kind);
    try {
      await work();
      loaded.reload();
    } catch {
      // The catalogue has shown why.
    } finally {
      setBusy(null);
    }
  }

  const status = last?.cname_status ?? view?.status.cname_status ?? 'unverified';
  const error = last ? last.dns?.cname_error : view?.dns?.cname_error;

  return (
    <DomainDetailPage
      use="tracking"
      title="Tracking Domain Detail"
      domain={domain}
      description="publish the CNAME record at your DNS provider, then press Verify."
      status={loaded.status}
      ready={view !== undefined}
      verifying={busy === 'verify'}
      onVerify={() => void run('verify', async () => setLast(await verifyTrackingDomain(domain)))}
      skeletonLines={4}
    >
      {view ? (
        <>
          <DnsRecordPanel
            title="CNAME record"
            purpose="Points the host name at this platform, which serves the tracked links and the open pixel."
            type="CNAME"
            host={view.dns?.cname_record ?? domain}
            value={view.dns?.cname_value ?? ''}
            check={{ status, error, found: last?.dns?.cname_found }}
          />
          <Panel title="Settings">
            <SwitchField
              label="Use HTTPS for tracked links"
              hint="Turn on only when this host name serves a valid certificate (through your CDN or proxy)."
              checked={view.secure}
              disabled={!canUpdate || busy !== null}
              onChange={(secure) => void run('update', () => updateTrackingDomain(domain, { secure }))}
            />
            {view.uses_managed_certificate ? (
              <p className="muted">
                Managed certificate: {certificateWords[view.status.tls_status]}
                {view.status.tls_error ? ` (${view.status.tls_error})` : ''}. Verify checks it again.
              </p>
            ) : null}
            <p className="muted">
              {view.default
                ? 'This is the default tracking domain of its account: tracked mail uses it.'
                : view.status.verified
                  ? 'Make it the default to use it for the tracked mail of its account.'
                  : 'Once verified, it can be the default tracking domain of its account.'}
            </p>
            <Button
              variant="secondary"
              busy={busy === 'update'}
              disabled={!canUpdate || (!view.default && !view.status.verified)}
              onClick={() =>
                void run('update', () => updateTrackingDomain(domain, { default: !view.default }))
              }
            >
              {view.default ? 'Stop using as default' : 'Make default tracking domain'}
            </Button>
          </Panel>
          <DomainDeletePanel
            use="tracking"
            note="Tracked links already sent keep working only as long as the CNAME stays."
          >
            <ConfirmButton
              label="Delete domain"
              title="Delete this tracking domain?"
              question={
                <p>
                  Delete <strong>{domain}</strong>? Mail sent from now on uses another tracking domain.
                </p>
              }
              confirmLabel="Delete domain"
              onConfirm={async () => {
                await deleteTrackingDomain(domain);
                navigate('/domain/tracking');
              }}
            />
          </DomainDeletePanel>
        </>
      ) : null}
    </DomainDetailPage>
  );
}
