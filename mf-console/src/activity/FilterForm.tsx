import type { RangeRules } from '@app/contract';
import { Button, ChecklistField, navigate, SelectField, TextField } from '@app/shared';
import { useState } from 'react';
import {
  type ActivityQuery,
  activitySearch,
  checkActivityQuery,
  defaultQuery,
  eventTypeOptions,
  type QueryErrors,
  type RangeChoice,
  rangeChoices,
  recipientTypeOptions,
  textFilters,
} from './filters.ts';
import { styles } from './styles.ts';

const eventTypeChoices = eventTypeOptions.map((type) => ({ value: type, label: type }));

const recipientTypes = [
  { value: '', label: 'Any' },
  ...recipientTypeOptions.map((type) => ({ value: type, label: type })),
];

/**
 * The range and the §2 advanced filters. Applying puts them in the URL (/activity?subject=...), which
 * the list reads: a reload or a shared link shows the same events.
 */
export function FilterForm({ query, rules }: { query: ActivityQuery; rules: RangeRules }) {
  const [draft, setDraft] = useState(query);
  const [errors, setErrors] = useState<QueryErrors>({});
  const setValue = (name: keyof ActivityQuery['values'], value: string) =>
    setDraft((current) => ({ ...current, values: { ...current.values, [name]: value } }));
  const apply = () => {
    const found = checkActivityQuery(draft, rules);
    setErrors(found);
    if (Object.keys(found).length === 0) navigate(`/activity${activitySearch(draft)}`);
  };
  const selectedTypes = draft.values.eventTypes ? draft.values.eventTypes.split(',') : [];

  return (
    <form
      aria-label="Activity filters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div style={styles.filters}>
        <SelectField
          label="Range"
          value={draft.range}
          options={rangeChoices}
          onChange={(range) => setDraft((current) => ({ ...current, range: range as RangeChoice }))}
        />
        {draft.range === 'custom' ? (
          <>
            <TextField
              label="From"
              type="datetime-local"
              value={draft.from}
              error={errors.from}
              onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
            />
            <TextField
              label="To"
              type="datetime-local"
              value={draft.to}
              error={errors.to}
              onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
            />
          </>
        ) : null}
        <ChecklistField
          label="Event types"
          noneLabel="All event types"
          values={selectedTypes}
          options={eventTypeChoices}
          onChange={(types) => setValue('eventTypes', types.join(','))}
        />
        <SelectField
          label="Recipient type"
          value={draft.values.recipientType}
          options={recipientTypes}
          onChange={(value) => setValue('recipientType', value)}
        />
        {textFilters.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            value={draft.values[field.name]}
            hint={field.hint}
            error={errors[field.name]}
            onChange={(event) => setValue(field.name, event.target.value)}
          />
        ))}
      </div>
      <div style={styles.actions}>
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(defaultQuery());
            setErrors({});
            navigate('/activity');
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
