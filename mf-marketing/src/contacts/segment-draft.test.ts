import { describe, expect, it } from 'vitest';
import { conditionCount, isComplete, newCondition, operatorOptions, rulesOf } from './segment-draft.ts';

const fields = [
  {
    id: 'email',
    name: 'Email',
    tag: 'email',
    type: 'text' as const,
    choices: null,
    builtIn: true,
    createdAt: null,
  },
  {
    id: '3',
    name: 'Age',
    tag: 'age',
    type: 'number' as const,
    choices: null,
    builtIn: false,
    createdAt: '2026-01-01',
  },
];

describe('the segment builder draft', () => {
  it('offers the operators of the field type', () => {
    expect(operatorOptions(fields[1]).map((option) => option.value)).toEqual([
      'is',
      'isNot',
      'greaterThan',
      'lessThan',
      'isEmpty',
      'isNotEmpty',
    ]);
  });

  it('is complete only when each condition has its value, and sends none for "is empty"', () => {
    const draft = { match: 'all' as const, conditions: [newCondition('field', fields)] };
    expect(isComplete(draft)).toBe(false);
    expect(
      isComplete({
        match: 'all',
        conditions: [{ kind: 'field', field: 'age', operator: 'isEmpty', value: '' }],
      }),
    ).toBe(true);
    expect(
      rulesOf({
        match: 'all',
        conditions: [{ kind: 'field', field: 'age', operator: 'isEmpty', value: '' }],
      }),
    ).toEqual({
      match: 'all',
      conditions: [{ kind: 'field', field: 'age', operator: 'isEmpty' }],
    });
    expect(isComplete({ match: 'any', conditions: [] })).toBe(false);
  });

  it('counts the conditions of every group against the segment limit', () => {
    const status = newCondition('status', fields);
    expect(
      conditionCount({
        match: 'all',
        conditions: [status, { match: 'any', conditions: [status, { match: 'all', conditions: [status] }] }],
      }),
    ).toBe(3);
  });
});
