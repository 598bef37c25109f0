import {
  type AnalyticFilterKey,
  type AnalyticFilterSet,
  type AnalyticRange,
  analyticFilterKeys,
  analyticStatuses,
  type RangeRules,
} from '@app/contract';
import { Button, CheckboxField, SelectField, TextField } from '@app/shared';
import { useEffect, useState } from 'react';
import { withoutFilter } from './filter-set.ts';
import { filterLabels, valueLabel } from './metrics.ts';
import { customRangeProblem, utcDay } from './time-window.ts';

/** §2 range options, word for word. */
const rangeOptions: Array<{ value: AnalyticRange; label: string }> = [
  { value: '1', label: 'Last 1 day' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom Range' },
];

const rowStyle = { display: 'flex', flexWrap: 'wrap', gap: '8px 24px', alignItems: 'flex-end' } as const;

/**
 * The analytics filter: the statuses to chart (§2 Injection, Delivery, Bounce), the range (a
 * custom range is applied only once its dates pass the profile's rules) and the active filters.
 */
export function FilterBar({
  set,
  rules,
  onChange,
}: {
  set: AnalyticFilterSet;
  rules: RangeRules;
  onChange: (set: AnalyticFilterSet) => void;
}) {
  const [range, setRange] = useState<AnalyticRange>(set.range);
  const [from, setFrom] = useState(set.from ?? '');
  const [to, setTo] = useState(set.to ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  // A new view (a preset opened, back in history) resets what the form shows.
  useEffect(() => {
    setRange(set.range);
    setFrom(set.from ?? '');
    setTo(set.to ?? '');
    setProblem(null);
  }, [set.range, set.from, set.to]);

  const chooseRange = (value: AnalyticRange) => {
    setRange(value);
    setProblem(null);
    if (value !== 'custom') {
      const { from: _from, to: _to, ...rest } = set;
      onChange({ ...rest, range: value });
    }
  };

  const apply = () => {
    const now = Date.now();
    const found = customRangeProblem(rules, from, to, now);
    setProblem(found);
    if (!found) onChange({ ...set, range: 'custom', from, to });
  };

  const toggleStatus = (status: (typeof analyticStatuses)[number], on: boolean) => {
    const chosen = analyticStatuses.filter((name) => (name === status ? on : set.status.includes(name)));
    if (chosen.length > 0) onChange({ ...set, status: chosen });
  };

  const limits = [
    rules.customMaxSelectedDays === null ? null : `at most ${rules.customMaxSelectedDays} days`,
    rules.customMaxDaysBack === null ? null : `starting at most ${rules.customMaxDaysBack} days ago`,
  ].filter(Boolean);
  const active = analyticFilterKeys.flatMap((key) =>
    (set.filters[key] ?? []).map((value) => ({ key, value })),
  ) as Array<{ key: AnalyticFilterKey; value: string }>;

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={rowStyle}>
        <fieldset
          className="app-check-group"
          style={{ display: 'flex', gap: 16, margin: 0, paddingBottom: 0 }}
        >
          <legend>Status</legend>
          {analyticStatuses.map((status) => (
            <CheckboxField
              key={status}
              label={status}
              checked={set.status.includes(status)}
              disabled={set.status.length === 1 && set.status[0] === status}
              onChange={(on) => toggleStatus(status, on)}
            />
          ))}
        </fieldset>
        <div style={{ minWidth: 200 }}>
          <SelectField
            label="Range"
            value={range}
            options={rangeOptions}
            onChange={(value) => chooseRange(value as AnalyticRange)}
          />
        </div>
      </div>
      {range === 'custom' ? (
        <form
          style={rowStyle}
          aria-label="Custom range"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <TextField
            label="Start date"
            type="date"
            value={from}
            max={utcDay(Date.now())}
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextField
            label="End date"
            type="date"
            value={to}
            max={utcDay(Date.now())}
            onChange={(event) => setTo(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Apply range
          </Button>
          <p className="muted" style={{ flexBasis: '100%', margin: 0 }}>
            Whole days in UTC, both included{limits.length > 0 ? `: ${limits.join(', ')}` : ''}.
          </p>
          {problem ? (
            <p role="alert" className="app-field-error" style={{ flexBasis: '100%', margin: 0 }}>
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
      {active.length > 0 ? (
        <ul
          aria-label="Active filters"
          style={{ ...rowStyle, listStyle: 'none', padding: 0, margin: 0, gap: 8 }}
        >
          {active.map(({ key, value }) => (
            <li key={`${key}:${value}`}>
              <Button
                variant="secondary"
                size="small"
                onClick={() => onChange(withoutFilter(set, key, value))}
              >
                <span className="visually-hidden">Remove filter </span>
                {filterLabels[key]}: {valueLabel(key, value)} <span aria-hidden="true">✕</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
