import { Button, SelectField, TextField } from '@app/shared';
import { useState } from 'react';
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
  const [search, setSearch] = useState(view.search);
  return (
    <form
      aria-label="Search senders"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...view, search: search.trim(), page: 1 });
      }}
    >
      <div className="app-form-row">
        <TextField
          label="Search"
          type="search"
          placeholder="Address or name"
          autoComplete="off"
          maxLength={200}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label="Status"
          value={view.status}
          options={statusOptions}
          onChange={(status) =>
            onChange({ ...view, search: search.trim(), status: status as StatusFilter, page: 1 })
          }
        />
      </div>
      <div className="app-page-actions">
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
    </form>
  );
}
