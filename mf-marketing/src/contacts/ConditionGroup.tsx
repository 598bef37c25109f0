import type { ContactField, Label } from '@app/contract/marketing/contacts';
import { maxSegmentConditions, maxSegmentDepth } from '@app/contract/marketing/segment-limits';
import type { SegmentCondition, SegmentGroup } from '@app/contract/marketing/segments';
import { Button, SelectField } from '@app/shared';
import { ConditionRow } from './ConditionRow.tsx';
import { newCondition } from './segment-draft.ts';

const matchOptions = [
  { value: 'all', label: 'all of these conditions' },
  { value: 'any', label: 'any of these conditions' },
];

/**
 * The conditions of one group of the segment builder, and its nested groups (each with its own all or
 * any), numbered like 2.1 so every control has its own name; `total` counts the whole segment's
 * conditions against the limit.
 */
export function ConditionGroup({
  group,
  onChange,
  depth,
  prefix,
  total,
  fields,
  labels,
}: {
  group: SegmentGroup;
  onChange: (group: SegmentGroup) => void;
  /** 1 for the segment's own group. */
  depth: number;
  /** '' for the segment's own group, '2.' for the group that is its second entry. */
  prefix: string;
  total: number;
  fields: readonly ContactField[];
  labels: readonly Label[];
}) {
  const setEntry = (index: number, entry: SegmentCondition | SegmentGroup) =>
    onChange({
      ...group,
      conditions: group.conditions.map((current, at) => (at === index ? entry : current)),
    });
  const remove = (index: number) =>
    onChange({ ...group, conditions: group.conditions.filter((_, at) => at !== index) });
  const add = (entry: SegmentCondition | SegmentGroup) =>
    onChange({ ...group, conditions: [...group.conditions, entry] });
  const full = total >= maxSegmentConditions;
  const where = prefix === '' ? '' : ` to group ${prefix.slice(0, -1)}`;

  return (
    <>
      <ol
        className="segment-conditions"
        aria-label={prefix === '' ? 'Conditions' : `Conditions of group ${prefix.slice(0, -1)}`}
      >
        {group.conditions.map((entry, index) => {
          const number = `${prefix}${index + 1}`;
          return 'match' in entry ? (
            <li key={index} className="segment-group">
              <SelectField
                label={`Group ${number}: contacts who meet`}
                value={entry.match}
                options={matchOptions}
                onChange={(match) => setEntry(index, { ...entry, match: match as SegmentGroup['match'] })}
              />
              <ConditionGroup
                group={entry}
                // A group whose last condition is removed goes with it.
                onChange={(next) => (next.conditions.length === 0 ? remove(index) : setEntry(index, next))}
                depth={depth + 1}
                prefix={`${number}.`}
                total={total}
                fields={fields}
                labels={labels}
              />
              <Button variant="text" onClick={() => remove(index)}>
                Remove group {number}
              </Button>
            </li>
          ) : (
            <ConditionRow
              key={index}
              number={number}
              condition={entry}
              fields={fields}
              labels={labels}
              onChange={(condition) => setEntry(index, condition)}
              onRemove={() => remove(index)}
            />
          );
        })}
      </ol>
      <div className="app-page-actions">
        <Button variant="secondary" disabled={full} onClick={() => add(newCondition('field', fields))}>
          Add condition{where}
        </Button>
        {depth < maxSegmentDepth ? (
          <Button
            variant="secondary"
            disabled={full}
            onClick={() => add({ match: 'any', conditions: [newCondition('field', fields)] })}
          >
            Add group{where}
          </Button>
        ) : null}
      </div>
    </>
  );
}
