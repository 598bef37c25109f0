import type { Segment } from '@app/contract/marketing/segments';
import {
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  EmptyState,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  roleAllows,
  showToast,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { contactApi } from './api.ts';
import { SegmentBuilder } from './SegmentBuilder.tsx';

/**
 * /contact/segment: the company's segments with how many contacts each holds now (counted when the
 * page opens: a segment is rules, never a stored list), and the builder with its live count.
 */
export function SegmentsPage() {
  const api = contactApi();
  const fields = useLoad(() => api.fields(), [api]);
  const labels = useLoad(() => api.labels(), [api]);
  const segments = useLoad(() => api.segments(), [api]);
  const [removing, setRemoving] = useState<Segment | null>(null);
  const canManage = roleAllows('labels.manage');

  const columns: Column<Segment>[] = [
    { key: 'name', label: 'Segment', render: (segment) => segment.name },
    { key: 'count', label: 'Contacts now', render: (segment) => <SegmentCount id={segment.id} /> },
    {
      key: 'actions',
      label: 'Actions',
      render: (segment) => (
        <span className="app-page-actions">
          <LinkButton size="small" to={`/contact?segment=${segment.id}`}>
            View contacts
          </LinkButton>
          {canManage ? (
            <Button size="small" variant="danger" onClick={() => setRemoving(segment)}>
              Delete
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <Page title="Segments" description="Contacts chosen by rules, counted afresh whenever they are used.">
      {canManage && fields.data ? (
        <Panel title="New segment">
          <SegmentBuilder
            api={api}
            fields={fields.data.items}
            labels={labels.data?.items ?? []}
            onSaved={(segment) => {
              showToast({ type: 'success', message: `The segment ${segment.name} is saved.` });
              segments.reload();
            }}
          />
        </Panel>
      ) : null}
      <Panel title="Saved segments">
        <LoadStatus
          loaded={segments}
          lines={3}
          loading="Loading segments ..."
          failed="The segments could not be loaded"
        />
        {segments.data ? (
          <DataTable
            label="Segments"
            columns={columns}
            rows={segments.data.items}
            rowKey={(segment) => segment.id}
            empty={
              <EmptyState title="No segments yet">
                Build one above: its count follows the contact book as it changes.
              </EmptyState>
            }
          />
        ) : null}
      </Panel>
      <ConfirmDialog
        open={removing !== null}
        title={`Delete ${removing?.name ?? 'the segment'}?`}
        confirmLabel="Delete segment"
        danger
        onConfirm={() => {
          const segment = removing;
          setRemoving(null);
          if (segment) void api.removeSegment(segment.id).then(segments.reload);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>The contacts stay in the contact book; only the rules go.</p>
      </ConfirmDialog>
    </Page>
  );
}

function SegmentCount({ id }: { id: string }) {
  const api = contactApi();
  const count = useLoad(() => api.segmentCount(id), [api, id]);
  if (count.data === undefined)
    return <span className="muted">{count.error ? 'Not counted' : 'Counting ...'}</span>;
  return <>{count.data.toLocaleString('en-US')}</>;
}
