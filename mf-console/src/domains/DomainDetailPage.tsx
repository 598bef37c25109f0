import { Alert, Button, LinkButton, Page, Panel, Skeleton } from '@app/shared';
import type { ReactNode } from 'react';
import type { DomainUse } from './DomainListPage.tsx';
import { domainFeature } from './flags.ts';

/**
 * The page shell of a sending, bounce or tracking domain: its name and what to do, "Verify" once
 * loaded, the load failure with the way back to the list, a skeleton while loading, then `children`.
 */
export function DomainDetailPage({
  use,
  title,
  domain,
  description,
  status,
  ready,
  verifying,
  onVerify,
  skeletonLines,
  children,
}: {
  use: DomainUse;
  title: string;
  domain: string;
  /** What follows "<domain>: ". */
  description: string;
  status: 'loading' | 'ready' | 'failed';
  /** Whether the domain is loaded. */
  ready: boolean;
  verifying: boolean;
  onVerify: () => void;
  skeletonLines: number;
  children: ReactNode;
}) {
  return (
    <Page
      title={title}
      description={
        <>
          <strong>{domain}</strong>: {description}
        </>
      }
      actions={
        ready ? (
          <Button busy={verifying} onClick={onVerify}>
            Verify
          </Button>
        ) : null
      }
    >
      {status === 'failed' && !ready ? (
        <Alert type="danger" title="This domain could not be loaded">
          <p>It may have been deleted, or it belongs to another account.</p>
          <LinkButton to={`/domain/${use}`} size="small">
            Back to the {use} domains
          </LinkButton>
        </Alert>
      ) : null}
      {!ready && status === 'loading' ? (
        <Skeleton lines={skeletonLines} label="Loading the domain ..." />
      ) : null}
      {ready ? children : null}
    </Page>
  );
}

/** The "Delete" panel of a domain page, shown only when the §6 flag `<use>Domain.delete` is on. */
export function DomainDeletePanel({
  use,
  note,
  children,
}: {
  use: DomainUse;
  note: ReactNode;
  children: ReactNode;
}) {
  if (!domainFeature(`${use}Domain`, 'delete')) return null;
  return (
    <Panel title="Delete">
      <p className="muted">{note}</p>
      {children}
    </Panel>
  );
}
