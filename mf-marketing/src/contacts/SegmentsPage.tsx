import type { Segment } from '@app/contract/marketing/segments';
import { type Column, EmptyState, Page, Panel, roleAllows, showToast, useLoad } from '@app/shared';
import { contactApi } from './api.ts';
import { EntityList } from './EntityList.tsx';
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
  const canManage = roleAllows('labels.manage');

  const columns: Column<Segment>[] = [
    { key: 'name', label: 'Segment', render: (segment) => segment.name },
    { key: 'count', label: 'Contacts now', render: (segment) => <SegmentCount id={segment.id} /> },
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
      <EntityList
        title="Saved segments"
        label="Segments"
        noun="segment"
        loaded={segments}
        lines={3}
        loading="Loading segments ..."
        failed="The segments could not be loaded"
        columns={columns}
        viewContacts={(segment) => `/contact?segment=${segment.id}`}
        empty={
          <EmptyState title="No segments yet">
            Build one above: its count follows the contact book as it changes.
          </EmptyState>
        }
        canRemove={canManage}
        remove={(segment) => api.removeSegment(segment.id)}
        question={() => <p>The contacts stay in the contact book; only the rules go.</p>}
      />
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
