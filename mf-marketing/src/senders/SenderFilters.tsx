import { SelectField } from '@app/shared';
import { ListSearchForm } from '../lists/ListSearchForm.tsx';
import type { SenderListView, StatusFilter } from './sender-query.ts';

const statusOptions = [
  { value: '', label: 'All' },
  { value: 'validated', label: 'Validated' },
  { value: 'pending', label: 'Pending' },
];

/** Search (address or name) and the status filter; each change starts from the first page. */
export function SenderFilters({
  view,
  onChange,
}: {
  view: SenderListView;
  onChange: (view: SenderListView) => void;
}) {
  return (
    <ListSearchForm
      label="Search senders"
      search={view.search}
      placeholder="Address or name"
      onSearch={(search) => onChange({ ...view, search, page: 1 })}
      filters={(search) => (
        <SelectField
          label="Status"
          value={view.status}
          options={statusOptions}
          onChange={(status) => onChange({ ...view, search, status: status as StatusFilter, page: 1 })}
        />
      )}
    />
  );
}
