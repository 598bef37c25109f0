import { Button, TextField } from '@app/shared';
import { type ReactNode, useState } from 'react';

/**
 * A list's search box and its filters (`filters` gets the search as typed, so a filter changed before
 * "Search" keeps it); submitting searches.
 */
export function ListSearchForm({
  label,
  search,
  placeholder,
  onSearch,
  filters,
}: {
  label: string;
  search: string;
  placeholder: string;
  onSearch: (search: string) => void;
  filters: (search: string) => ReactNode;
}) {
  const [text, setText] = useState(search);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="app-form-row">
        <TextField
          label="Search"
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {filters(text.trim())}
      </div>
      <div className="app-page-actions">
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
    </form>
  );
}
