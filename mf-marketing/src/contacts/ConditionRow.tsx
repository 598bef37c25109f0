import type { ContactField, Label } from '@app/contract/marketing/contacts';
import type { SegmentCondition } from '@app/contract/marketing/segments';
import { Button, SelectField, TextField } from '@app/shared';
import { statusLabels } from './contact-query.ts';
import { type ConditionKind, needsValue, newCondition, operatorOptions } from './segment-draft.ts';

const kindOptions: { value: ConditionKind; label: string }[] = [
  { value: 'field', label: 'Field' },
  { value: 'status', label: 'Status' },
  { value: 'label', label: 'Label' },
  { value: 'added', label: 'Added' },
  { value: 'engagement', label: 'Engagement' },
];
const statusOptions = Object.entries(statusLabels).map(([value, label]) => ({ value, label }));

/** One condition of the builder: what it looks at, how, and the value; `number` names it for assistive tech. */
export function ConditionRow({
  number,
  condition,
  fields,
  labels,
  onChange,
  onRemove,
}: {
  number: string;
  condition: SegmentCondition;
  fields: readonly ContactField[];
  labels: readonly Label[];
  onChange: (condition: SegmentCondition) => void;
  onRemove: () => void;
}) {
  const name = (what: string) => `Condition ${number} ${what}`;
  return (
    <li className="segment-condition">
      <SelectField
        label={name('kind')}
        value={condition.kind}
        options={kindOptions}
        onChange={(kind) => onChange(newCondition(kind as ConditionKind, fields, labels[0]?.id))}
      />
      <ConditionDetail
        condition={condition}
        fields={fields}
        labels={labels}
        name={name}
        onChange={onChange}
      />
      <Button variant="text" size="small" onClick={onRemove}>
        Remove condition {number}
      </Button>
    </li>
  );
}

function ConditionDetail({
  condition,
  fields,
  labels,
  name,
  onChange,
}: {
  condition: SegmentCondition;
  fields: readonly ContactField[];
  labels: readonly Label[];
  name: (what: string) => string;
  onChange: (condition: SegmentCondition) => void;
}) {
  switch (condition.kind) {
    case 'field': {
      const field = fields.find((candidate) => candidate.tag === condition.field);
      return (
        <>
          <SelectField
            label={name('field')}
            value={condition.field}
            options={fields.map((candidate) => ({ value: candidate.tag, label: candidate.name }))}
            onChange={(tag) => onChange({ ...condition, field: tag, operator: 'is', value: '' })}
          />
          <SelectField
            label={name('comparison')}
            value={condition.operator}
            options={operatorOptions(field)}
            onChange={(operator) =>
              onChange({ ...condition, operator: operator as typeof condition.operator })
            }
          />
          {needsValue(condition.operator) ? (
            field?.type === 'choice' || field?.type === 'boolean' ? (
              <SelectField
                label={name('value')}
                value={String(condition.value ?? '')}
                options={[
                  { value: '', label: 'Choose' },
                  ...(field.type === 'boolean'
                    ? [
                        { value: 'true', label: 'Yes' },
                        { value: 'false', label: 'No' },
                      ]
                    : (field.choices ?? []).map((choice) => ({ value: choice, label: choice }))),
                ]}
                onChange={(value) => onChange({ ...condition, value })}
              />
            ) : (
              <TextField
                label={condition.operator === 'inLastDays' ? name('days') : name('value')}
                type={
                  condition.operator === 'inLastDays' || field?.type === 'number'
                    ? 'number'
                    : field?.type === 'date'
                      ? 'date'
                      : 'text'
                }
                value={String(condition.value ?? '')}
                onChange={(event) => onChange({ ...condition, value: event.target.value })}
              />
            )
          ) : null}
        </>
      );
    }
    case 'status':
      return (
        <>
          <SelectField
            label={name('comparison')}
            value={condition.operator}
            options={[
              { value: 'is', label: 'is' },
              { value: 'isNot', label: 'is not' },
            ]}
            onChange={(operator) => onChange({ ...condition, operator: operator as 'is' | 'isNot' })}
          />
          <SelectField
            label={name('status')}
            value={condition.value}
            options={statusOptions}
            onChange={(value) => onChange({ ...condition, value: value as typeof condition.value })}
          />
        </>
      );
    case 'label':
      return (
        <>
          <SelectField
            label={name('comparison')}
            value={condition.operator}
            options={[
              { value: 'in', label: 'has the label' },
              { value: 'notIn', label: 'does not have the label' },
            ]}
            onChange={(operator) => onChange({ ...condition, operator: operator as 'in' | 'notIn' })}
          />
          <SelectField
            label={name('label')}
            value={condition.value}
            options={[
              { value: '', label: 'Choose' },
              ...labels.map((label) => ({ value: label.id, label: label.name })),
            ]}
            onChange={(value) => onChange({ ...condition, value })}
          />
        </>
      );
    case 'added':
    case 'engagement': {
      const options =
        condition.kind === 'added'
          ? [{ value: 'inLastDays', label: 'in the last … days' }]
          : [
              { value: 'openedInLastDays', label: 'opened in the last … days' },
              { value: 'notOpenedInLastDays', label: 'did not open in the last … days' },
              { value: 'clickedInLastDays', label: 'clicked in the last … days' },
              { value: 'notClickedInLastDays', label: 'did not click in the last … days' },
            ];
      return (
        <>
          <SelectField
            label={name('comparison')}
            value={condition.operator}
            options={options}
            onChange={(operator) => onChange({ ...condition, operator } as SegmentCondition)}
          />
          <TextField
            label={name('days')}
            type="number"
            value={String(condition.value)}
            onChange={(event) =>
              onChange({ ...condition, value: Number(event.target.value) || 1 } as SegmentCondition)
            }
          />
        </>
      );
    }
  }
}
