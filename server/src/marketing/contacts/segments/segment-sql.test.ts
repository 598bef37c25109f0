import { segmentRules } from '@app/contract/marketing/segments';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../../domain-error.ts';
import { segmentCompiler } from './segment-sql.ts';

const fields = [
  { id: '7', tag: 'age', type: 'number' as const, choices: null },
  { id: '8', tag: 'plan', type: 'choice' as const, choices: ['gold', 'silver'] },
  { id: '9', tag: 'birthday', type: 'date' as const, choices: null },
];
const now = new Date('2026-11-28T12:00:00Z');
const compile = segmentCompiler(fields, now);

describe('the segment compiler', () => {
  it('matches "is" on a custom field by containment in the lower-cased values (migration 047\'s index), re-checked exactly', () => {
    const params: unknown[] = ['company'];
    const sql = compile(
      {
        match: 'any',
        conditions: [
          { kind: 'field', field: 'plan', operator: 'is', value: 'gold' },
          { kind: 'field', field: 'age', operator: 'is', value: '7.50' },
          { kind: 'field', field: 'firstname', operator: 'is', value: 'Ana' },
        ],
      },
      params,
    );
    expect(sql).toBe(
      '((lower(contacts.fields::text)::jsonb @> jsonb_build_object($2::text, lower($3)) AND lower((contacts.fields->>$2::text)) = lower($3))' +
        ' OR (lower(contacts.fields::text)::jsonb @> jsonb_build_object($4::text, $5::numeric) AND (contacts.fields->>$4::text)::numeric = $5::numeric)' +
        ' OR lower(contacts.firstname) = lower($6))',
    );
    expect(params).toEqual(['company', '8', 'gold', '7', 7.5, 'Ana']);
  });

  it('turns rules into a parameterised condition: every value, field id and date is a parameter', () => {
    const params: unknown[] = ['company'];
    const sql = compile(
      {
        match: 'all',
        conditions: [
          { kind: 'field', field: 'age', operator: 'greaterThan', value: '30' },
          {
            match: 'any',
            conditions: [
              { kind: 'label', operator: 'in', value: '12' },
              {
                kind: 'field',
                field: 'email',
                operator: 'contains',
                value: "50%_off'; DROP TABLE contacts; --",
              },
            ],
          },
          { kind: 'engagement', operator: 'notOpenedInLastDays', value: 30 },
        ],
      },
      params,
    );
    expect(sql).toBe(
      "((contacts.fields->>$2::text)::numeric > $3::numeric AND (EXISTS (SELECT 1 FROM contact_label_members m WHERE m.label_id = $4::bigint AND m.contact_id = contacts.id) OR contacts.email ILIKE $5 ESCAPE '\\') AND (contacts.last_open_at IS NULL OR contacts.last_open_at < $6))",
    );
    expect(params).toEqual([
      'company',
      '7',
      30,
      '12',
      "%50\\%\\_off'; DROP TABLE contacts; --%",
      new Date('2026-10-29T12:00:00Z'),
    ]);
  });

  it("refuses a tag the company has no field for, an operator the field's type does not take, a wrong value", () => {
    const refusal = (condition: object) => {
      try {
        compile({ match: 'all', conditions: [condition as never] }, []);
      } catch (error) {
        return (error as DomainError).payload?.cause;
      }
      return 'compiled';
    };
    expect(refusal({ kind: 'field', field: 'nosuch', operator: 'is', value: 'x' })).toBe(
      'There is no field with the tag nosuch',
    );
    expect(refusal({ kind: 'field', field: 'age', operator: 'contains', value: '3' })).toBe(
      'A number field cannot be compared with contains',
    );
    expect(refusal({ kind: 'field', field: 'age', operator: 'is', value: 'old' })).toBe(
      'age: Enter a number',
    );
    expect(refusal({ kind: 'field', field: 'plan', operator: 'is', value: 'bronze' })).toBe(
      'plan: Choose one of: gold, silver',
    );
    expect(refusal({ kind: 'field', field: 'birthday', operator: 'inLastDays', value: 7 })).toBe('compiled');
  });

  it("counts days in the team's time zone", () => {
    // 2026-11-28 12:00 UTC is already 2026-11-29 in Kiritimati (UTC+14) and still the 28th in Hawaii.
    const dayOf = (offsetMinutes: number, condition: object) => {
      const params: unknown[] = [];
      segmentCompiler(fields, now, offsetMinutes)({ match: 'all', conditions: [condition] } as never, params);
      return params.at(-1);
    };
    const since = { kind: 'field', field: 'birthday', operator: 'inLastDays', value: 1 };
    expect(dayOf(0, since)).toBe('2026-11-27');
    expect(dayOf(14 * 60, since)).toBe('2026-11-28');
    expect(dayOf(-10 * 60, since)).toBe('2026-11-27');
    const addedBefore = { kind: 'added', operator: 'before', value: '2026-11-28' };
    expect(dayOf(0, addedBefore)).toEqual(new Date('2026-11-28T00:00:00Z'));
    expect(dayOf(7 * 60, addedBefore)).toEqual(new Date('2026-11-27T17:00:00Z'));
    expect(dayOf(-5 * 60, { ...addedBefore, operator: 'after' })).toEqual(new Date('2026-11-29T05:00:00Z'));
    expect(() => dayOf(0, { ...addedBefore, value: '2026-02-30' })).toThrow();
  });

  it('the rules schema refuses SQL in a tag, groups nested too deep, and too many conditions', () => {
    const condition = { kind: 'field', field: "email'--", operator: 'is', value: 'x' };
    expect(segmentRules.safeParse({ match: 'all', conditions: [condition] }).success).toBe(false);
    const deep = {
      match: 'all',
      conditions: [
        {
          match: 'all',
          conditions: [
            {
              match: 'all',
              conditions: [
                { match: 'any', conditions: [{ kind: 'status', operator: 'is', value: 'subscribed' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(segmentRules.safeParse(deep).success).toBe(false);
    const many = {
      match: 'any',
      conditions: Array.from({ length: 51 }, () => ({ kind: 'status', operator: 'is', value: 'subscribed' })),
    };
    expect(segmentRules.safeParse(many).success).toBe(false);
  });
});
