import { Alert, CopyField, Panel, StatusTag } from '@app/shared';
import type { ReactNode } from 'react';
import { outcomeOf, type Verification } from './status.tsx';

export interface RecordCheck {
  status: Verification;
  /** The engine's reason when the last check failed. */
  error?: string | undefined;
  /** The record as found, when one was there but wrong. */
  found?: string | undefined;
}

const variantOf = (outcome: string) =>
  outcome === 'Valid'
    ? 'success'
    : outcome === 'Not verified yet'
      ? 'neutral'
      : outcome === 'Pending'
        ? 'warning'
        : 'danger';

/**
 * One DNS record to publish: its type, host name and value, each with a copy button, and what the
 * last "Verify" found (valid, not found, or the wrong value beside the expected one, with the reason).
 */
export function DnsRecordPanel({
  title,
  purpose,
  type,
  host,
  value,
  check,
  children,
}: {
  title: string;
  purpose: ReactNode;
  type: 'TXT' | 'CNAME';
  host: string;
  value: string;
  check: RecordCheck;
  children?: ReactNode;
}) {
  const outcome = outcomeOf(check.status, check.error);
  return (
    <Panel title={title} actions={<StatusTag variant={variantOf(outcome)}>{outcome}</StatusTag>}>
      <p className="muted">{purpose}</p>
      <div className="app-form-row">
        <CopyField label={`${title} type`} value={type} />
        <CopyField label={`${title} host name`} value={host} />
      </div>
      <CopyField label={`${title} value`} value={value} />
      {check.status === 'invalid' && check.error ? (
        <Alert type="danger" title={outcome}>
          <p>{check.error}</p>
          {check.found !== undefined ? (
            <dl className="app-definitions">
              <dt>Found</dt>
              <dd>
                <code>{check.found}</code>
              </dd>
              <dt>Expected</dt>
              <dd>
                <code>{value}</code>
              </dd>
            </dl>
          ) : null}
        </Alert>
      ) : null}
      {children}
    </Panel>
  );
}
