import type { DkimKeyView } from '@app/contract';
import { DataTable, Panel } from '@app/shared';
import { VerificationTag } from './status.tsx';

/**
 * A sending domain's DKIM keys, read-only: its own key (default) signs its mail; the others sign
 * only mail that names them (options.dkim_key) once their record is verified. They are added,
 * verified and removed through the API (`/api/v1/sending-domains/{domain}/dkim-keys`).
 */
export function DkimKeysPanel({ keys }: { keys: readonly DkimKeyView[] }) {
  return (
    <Panel title="DKIM keys">
      <p className="muted">
        The default key signs this domain&apos;s mail. Other keys sign only mail that names them
        (options.dkim_key), once their record is verified: add one, publish and verify it, then send with it
        before retiring the old one.
      </p>
      <DataTable
        label="DKIM keys"
        rows={keys}
        rowKey={(key) => key.id}
        columns={[
          { key: 'id', label: 'Key', render: (key) => <code>{key.id}</code> },
          {
            key: 'record',
            label: 'Record',
            render: (key) => <code>{`${key.selector}._domainkey.${key.signing_domain}`}</code>,
          },
          { key: 'bits', label: 'Length', render: (key) => `${key.dkim_key_length} bits`, secondary: true },
          { key: 'status', label: 'Status', render: (key) => <VerificationTag status={key.dkim_status} /> },
        ]}
      />
    </Panel>
  );
}
