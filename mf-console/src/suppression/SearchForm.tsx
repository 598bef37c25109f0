import type { SuppressionSource, SuppressionType } from '@app/contract';
import { Button, SelectField, TextField } from '@app/shared';
import { useState } from 'react';
import { typeOptions } from './labels.ts';
import { emptyFilter, type SearchFilter, searchRequestOf, sourceOptions } from './search-query.ts';

const anyOption = { value: '', label: 'Any' };

/** The search filters: an address or domain, type, source and a date range of the last update. */
export function SearchForm({
  initial,
  onSearch,
}: {
  initial: SearchFilter;
  onSearch: (filter: SearchFilter) => void;
}) {
  const [filter, setFilter] = useState<SearchFilter>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof SearchFilter, string>>>({});
  const set = (name: keyof SearchFilter, value: string) => {
    setFilter((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const search = (next: SearchFilter) => {
    const checked = searchRequestOf(next);
    if ('errors' in checked) setErrors(checked.errors);
    else onSearch(next);
  };

  return (
    <form
      aria-label="Search the suppression list"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        search(filter);
      }}
    >
      <div className="app-form-row">
        <TextField
          label="Recipient or domain"
          placeholder="name@example.com or example.com"
          autoComplete="off"
          value={filter.recipient}
          error={errors.recipient}
          onChange={(event) => set('recipient', event.target.value)}
        />
        <SelectField
          label="Type"
          value={filter.type}
          options={[anyOption, ...typeOptions]}
          onChange={(value) => set('type', value as SuppressionType | '')}
        />
        <SelectField
          label="Source"
          value={filter.source}
          options={[anyOption, ...sourceOptions]}
          onChange={(value) => set('source', value as SuppressionSource | '')}
        />
        <TextField
          label="Updated from"
          type="date"
          value={filter.from}
          error={errors.from}
          onChange={(event) => set('from', event.target.value)}
        />
        <TextField
          label="Updated to"
          type="date"
          value={filter.to}
          error={errors.to}
          onChange={(event) => set('to', event.target.value)}
        />
      </div>
      <div className="app-page-actions">
        <Button type="submit">Search</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setFilter(emptyFilter);
            setErrors({});
            search(emptyFilter);
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
