import type { Label } from '@app/contract/marketing/contacts';
import type { Segment } from '@app/contract/marketing/segments';
import { SelectField } from '@app/shared';
import { ListSearchForm } from '../lists/ListSearchForm.tsx';
import { type ContactListView, statusLabels } from './contact-query.ts';

const statusOptions = [
  { value: '', label: 'All' },
  ...Object.entries(statusLabels).map(([value, label]) => ({ value, label })),
];

/** Search (address or name), status and label; each change starts from the first page. */
export function ContactFilters({
  view,
  labels,
  segments,
  onChange,
}: {
  view: ContactListView;
  labels: readonly Label[];
  segments: readonly Segment[];
  onChange: (view: ContactListView) => void;
}) {
  return (
    <ListSearchForm
      label="Search contacts"
      search={view.search}
      placeholder="Address or name"
      onSearch={(search) => onChange({ ...view, search, page: 1 })}
      filters={(search) => (
        <>
          <SelectField
            label="Status"
            value={view.status}
            options={statusOptions}
            onChange={(status) =>
              onChange({ ...view, search, status: status as ContactListView['status'], page: 1 })
            }
          />
          <SelectField
            label="Label"
            value={view.label}
            options={[
              { value: '', label: 'Any label' },
              ...labels.map((label) => ({ value: label.id, label: label.name })),
            ]}
            onChange={(label) => onChange({ ...view, search, label, page: 1 })}
          />
          <SelectField
            label="Segment"
            value={view.segment}
            options={[
              { value: '', label: 'Any segment' },
              ...segments.map((segment) => ({ value: segment.id, label: segment.name })),
            ]}
            onChange={(segment) => onChange({ ...view, search, segment, page: 1 })}
          />
        </>
      )}
    />
  );
}
