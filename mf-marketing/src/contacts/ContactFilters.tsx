import type { ContactField, Label } from '@app/contract/marketing/contacts';
import type { Segment } from '@app/contract/marketing/segments';
import { SelectField, TextField } from '@app/shared';
import { useState } from 'react';
import { ListSearchForm } from '../lists/ListSearchForm.tsx';
import { type ContactListView, statusLabels } from './contact-query.ts';

const statusOptions = [
  { value: '', label: 'All' },
  ...Object.entries(statusLabels).map(([value, label]) => ({ value, label })),
];

/**
 * Search (address or name), status, label, segment and a field's exact value (applied with Search);
 * each change starts from the first page.
 */
export function ContactFilters({
  view,
  fields,
  labels,
  segments,
  onChange,
}: {
  view: ContactListView;
  fields: readonly ContactField[];
  labels: readonly Label[];
  segments: readonly Segment[];
  onChange: (view: ContactListView) => void;
}) {
  const [field, setField] = useState(view.field);
  const [value, setValue] = useState(view.value);
  const byField = { field: value.trim() ? field : '', value: field ? value.trim() : '' };
  return (
    <ListSearchForm
      label="Search contacts"
      search={view.search}
      placeholder="Address or name"
      onSearch={(search) => onChange({ ...view, ...byField, search, page: 1 })}
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
          <SelectField
            label="Field"
            value={field}
            options={[
              { value: '', label: 'Any field' },
              ...fields.map((choice) => ({ value: choice.tag, label: choice.name })),
            ]}
            onChange={setField}
          />
          <TextField
            label="Field value"
            autoComplete="off"
            maxLength={1000}
            disabled={field === ''}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </>
      )}
    />
  );
}
