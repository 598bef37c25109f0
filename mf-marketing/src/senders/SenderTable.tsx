import type { Sender, SenderDomain } from '@app/contract/marketing/senders';
import { type Column, DataTable, formatUserDateTime, StatusTag } from '@app/shared';
import type { ReactNode } from 'react';
import type { SenderPrefill } from './AddSenderForm.tsx';
import type { SenderApi } from './api.ts';
import { SenderActions } from './SenderActions.tsx';
import { SenderSuggestion } from './SenderSuggestion.tsx';
import { senderDomainProblem, senderStatus } from './sender-rows.ts';

/**
 * One page of senders with their state; for roles that may change them, each row's actions.
 * `domains` (when loaded) tells which pending senders' domains cannot send: they show why, and
 * addresses that could.
 */
export function SenderTable({
  api,
  senders,
  domains,
  canManage,
  empty,
  onChanged,
  onUse,
}: {
  api: SenderApi;
  senders: readonly Sender[];
  domains: readonly SenderDomain[] | undefined;
  canManage: boolean;
  empty: ReactNode;
  onChanged: () => void;
  onUse: (prefill: SenderPrefill) => void;
}) {
  const columns: Column<Sender>[] = [
    { key: 'email', label: 'Email', render: (sender) => sender.email },
    { key: 'name', label: 'Name', render: (sender) => sender.name },
    {
      key: 'replyTo',
      label: 'Reply-to',
      secondary: true,
      render: (sender) => sender.replyTo ?? <span className="muted">None</span>,
    },
    {
      key: 'status',
      label: 'Status',
      render: (sender) => {
        const status = senderStatus(sender);
        const troubled = !sender.validated && domains && senderDomainProblem(sender.email, domains);
        return (
          <>
            <span className="app-page-actions">
              <StatusTag variant={status.variant}>{status.label}</StatusTag>
              {sender.isDefault ? <StatusTag variant="primary">Default</StatusTag> : null}
            </span>
            {sender.validated ? null : <LinkNote sender={sender} />}
            {troubled ? (
              <SenderSuggestion api={api} sender={sender} onUse={canManage ? onUse : undefined} />
            ) : null}
          </>
        );
      },
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (sender: Sender) => <SenderActions api={api} sender={sender} onChanged={onChanged} />,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label="Senders"
      columns={columns}
      rows={senders}
      rowKey={(sender) => sender.id}
      empty={empty}
    />
  );
}

/** When the pending sender's link was mailed, or that the mail failed (send it again). */
function LinkNote({ sender }: { sender: Sender }) {
  return (
    <div className="muted">
      {sender.linkSentAt
        ? `Link mailed ${formatUserDateTime(sender.linkSentAt)}`
        : 'The confirmation mail could not be sent: send the link again.'}
    </div>
  );
}
