import type { ContactField } from '@app/contract/marketing/contacts';
import type { FieldOperator, SegmentCondition, SegmentGroup } from '@app/contract/marketing/segments';

export type ConditionKind = SegmentCondition['kind'];

/** The operators the builder offers for a field of each type, with their words. */
const fieldOperatorWords: Record<FieldOperator, string> = {
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  greaterThan: 'is greater than',
  lessThan: 'is less than',
  before: 'is before',
  after: 'is after',
  inLastDays: 'is in the last … days',
};

const operatorsByType: Record<ContactField['type'], FieldOperator[]> = {
  text: ['is', 'isNot', 'contains', 'notContains', 'startsWith', 'isEmpty', 'isNotEmpty'],
  choice: ['is', 'isNot', 'isEmpty', 'isNotEmpty'],
  number: ['is', 'isNot', 'greaterThan', 'lessThan', 'isEmpty', 'isNotEmpty'],
  date: ['is', 'isNot', 'before', 'after', 'inLastDays', 'isEmpty', 'isNotEmpty'],
  boolean: ['is', 'isNot', 'isEmpty', 'isNotEmpty'],
};

export const operatorOptions = (field: ContactField | undefined) =>
  operatorsByType[field?.type ?? 'text'].map((operator) => ({
    value: operator,
    label: fieldOperatorWords[operator],
  }));

/** Whether a field condition's operator needs a value. */
export const needsValue = (operator: FieldOperator) => operator !== 'isEmpty' && operator !== 'isNotEmpty';

/** A new condition of a kind, ready to edit. */
export function newCondition(
  kind: ConditionKind,
  fields: readonly ContactField[],
  firstLabel?: string,
): SegmentCondition {
  switch (kind) {
    case 'field':
      return { kind, field: fields[0]?.tag ?? 'email', operator: 'contains', value: '' };
    case 'status':
      return { kind, operator: 'is', value: 'subscribed' };
    case 'label':
      return { kind, operator: 'in', value: firstLabel ?? '' };
    case 'added':
      return { kind, operator: 'inLastDays', value: 30 };
    case 'engagement':
      return { kind, operator: 'notOpenedInLastDays', value: 90 };
  }
}

/** How many conditions the rules hold, in every group. */
export const conditionCount = (group: SegmentGroup): number =>
  group.conditions.reduce((sum, entry) => sum + ('match' in entry ? conditionCount(entry) : 1), 0);

/** Whether every condition has what it needs, so the rules can be counted and saved. */
export function isComplete(group: SegmentGroup): boolean {
  return (
    group.conditions.length > 0 &&
    group.conditions.every((entry) => {
      if ('match' in entry) return isComplete(entry);
      if (entry.kind === 'field')
        return !needsValue(entry.operator) || (entry.value !== undefined && entry.value !== '');
      if (entry.kind === 'label') return entry.value !== '';
      return true;
    })
  );
}

/** The rules as the API takes them: a field condition without a value needs none sent. */
export function rulesOf(group: SegmentGroup): SegmentGroup {
  return {
    match: group.match,
    conditions: group.conditions.map((entry) => {
      if ('match' in entry) return rulesOf(entry);
      if (entry.kind === 'field' && !needsValue(entry.operator)) {
        const { value: _value, ...rest } = entry;
        return rest;
      }
      return entry;
    }),
  };
}
