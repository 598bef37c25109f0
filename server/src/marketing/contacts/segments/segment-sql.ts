import type { ContactFieldType } from '@app/contract/marketing/contacts';
import type { FieldOperator, SegmentCondition, SegmentGroup } from '@app/contract/marketing/segments';
import { containsPattern } from '../../../db/like-pattern.ts';
import { invalidField } from '../../../domain-error.ts';
import { type FieldRule, storedValue } from '../field-values.ts';

/** The SQL condition of a segment's rules over `contacts`, every value a parameter pushed on `params`. */
export type SegmentCompiler = (group: SegmentGroup, params: unknown[]) => string;

const dayMs = 24 * 60 * 60 * 1000;
const builtInColumns = {
  email: 'contacts.email',
  firstname: 'contacts.firstname',
  lastname: 'contacts.lastname',
  phone: 'contacts.phone',
} as const;

/** The operators each type of field takes. */
const operatorsOf: Record<ContactFieldType, readonly FieldOperator[]> = {
  text: ['is', 'isNot', 'contains', 'notContains', 'startsWith', 'isEmpty', 'isNotEmpty'],
  choice: ['is', 'isNot', 'isEmpty', 'isNotEmpty'],
  number: ['is', 'isNot', 'greaterThan', 'lessThan', 'isEmpty', 'isNotEmpty'],
  date: ['is', 'isNot', 'before', 'after', 'inLastDays', 'isEmpty', 'isNotEmpty'],
  boolean: ['is', 'isNot', 'isEmpty', 'isNotEmpty'],
};
const casts: Record<ContactFieldType, string> = {
  text: '',
  choice: '',
  number: '::numeric',
  date: '::date',
  boolean: '::boolean',
};

/** How a value other than text is kept in `contacts.fields` (field-values.ts), for a containment match. */
const storedCasts: Record<Exclude<ContactFieldType, 'text' | 'choice'>, string> = {
  number: '::numeric',
  date: '::text',
  boolean: '::boolean',
};

const refuse = (message: string, value?: unknown) => invalidField('rules', message, value);

/**
 * Compiles segment rules (data, never SQL from the user) into a parameterised condition: column and
 * operator SQL come from fixed tables here; field ids, values and dates travel as parameters. A tag
 * the company has no field for, an operator its type does not take, or a value of the wrong type is
 * refused with a validation error on `rules`.
 */
export function segmentCompiler(
  fields: readonly FieldRule[],
  now: Date,
  utcOffsetMinutes = 0,
): SegmentCompiler {
  const offsetMs = utcOffsetMinutes * 60_000;
  /** The team's calendar day `days` before today, as YYYY-MM-DD. */
  const teamDayBefore = (days: number) =>
    new Date(now.getTime() + offsetMs - days * dayMs).toISOString().slice(0, 10);
  /** When the team's day `day` (YYYY-MM-DD) begins; refused when it is no calendar day. */
  const teamDayStart = (day: unknown): Date => {
    const midnight =
      typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
    if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) {
      throw refuse('Give a date as YYYY-MM-DD', day);
    }
    return new Date(midnight - offsetMs);
  };
  const byTag = new Map(fields.map((field) => [field.tag, field]));

  const compileField = (
    condition: Extract<SegmentCondition, { kind: 'field' }>,
    p: (value: unknown) => string,
  ) => {
    const builtIn = builtInColumns[condition.field as keyof typeof builtInColumns];
    const field = builtIn ? undefined : byTag.get(condition.field);
    if (!builtIn && !field)
      throw refuse(`There is no field with the tag ${condition.field}`, condition.field);
    const type: ContactFieldType = field?.type ?? 'text';
    if (!operatorsOf[type].includes(condition.operator)) {
      throw refuse(`A ${type} field cannot be compared with ${condition.operator}`, condition.operator);
    }
    const fieldId = field ? `${p(field.id)}::text` : undefined;
    const raw = builtIn ?? `(contacts.fields->>${fieldId})`;
    const expression = `${raw}${casts[type]}`;
    if (condition.operator === 'isEmpty')
      return type === 'text' || type === 'choice' ? `(${raw} IS NULL OR ${raw} = '')` : `${raw} IS NULL`;
    if (condition.operator === 'isNotEmpty')
      return type === 'text' || type === 'choice'
        ? `(${raw} IS NOT NULL AND ${raw} <> '')`
        : `${raw} IS NOT NULL`;
    if (condition.operator === 'inLastDays') {
      const count = Number(condition.value);
      if (!Number.isInteger(count) || count < 1) throw refuse('Give a number of days', condition.value);
      return `${expression} >= ${p(teamDayBefore(count))}::date`;
    }
    if (condition.value === undefined || condition.value === '')
      throw refuse(`Give a value for ${condition.field}`);
    const value = field ? storedValue(field, condition.value) : String(condition.value);
    if (value === null || (typeof value === 'object' && 'refused' in value)) {
      throw refuse(
        value === null ? `Give a value for ${condition.field}` : `${condition.field}: ${value.refused}`,
        condition.value,
      );
    }
    const text = type === 'text' || type === 'choice';
    switch (condition.operator) {
      case 'is': {
        const sought = p(value);
        const exact = text ? `lower(${raw}) = lower(${sought})` : `${expression} = ${sought}${casts[type]}`;
        if (!fieldId) return exact;
        // Migration 047's index finds the custom value's rows; the exact comparison re-checks them.
        const stored =
          type === 'text' || type === 'choice' ? `lower(${sought})` : `${sought}${storedCasts[type]}`;
        return `(lower(contacts.fields::text)::jsonb @> jsonb_build_object(${fieldId}, ${stored}) AND ${exact})`;
      }
      case 'isNot':
        return text
          ? `lower(${raw}) IS DISTINCT FROM lower(${p(value)})`
          : `${expression} IS DISTINCT FROM ${p(value)}${casts[type]}`;
      case 'contains':
        return `${raw} ILIKE ${p(containsPattern(String(value)))} ESCAPE '\\'`;
      case 'notContains':
        return `(${raw} IS NULL OR ${raw} NOT ILIKE ${p(containsPattern(String(value)))} ESCAPE '\\')`;
      case 'startsWith':
        return `${raw} ILIKE ${p(`${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} ESCAPE '\\'`;
      case 'greaterThan':
      case 'after':
        return `${expression} > ${p(value)}${casts[type]}`;
      case 'lessThan':
      case 'before':
        return `${expression} < ${p(value)}${casts[type]}`;
    }
  };

  const compileCondition = (condition: SegmentCondition, p: (value: unknown) => string): string => {
    switch (condition.kind) {
      case 'field':
        return compileField(condition, p);
      case 'status':
        return `contacts.status ${condition.operator === 'is' ? '=' : '<>'} ${p(condition.value)}`;
      case 'label': {
        const member = `EXISTS (SELECT 1 FROM contact_label_members m WHERE m.label_id = ${p(condition.value)}::bigint AND m.contact_id = contacts.id)`;
        return condition.operator === 'in' ? member : `NOT ${member}`;
      }
      case 'added': {
        if (condition.operator === 'inLastDays') {
          if (typeof condition.value !== 'number') throw refuse('Give a number of days', condition.value);
          return `contacts.created_at >= ${p(new Date(now.getTime() - condition.value * dayMs))}`;
        }
        const start = teamDayStart(condition.value);
        return condition.operator === 'before'
          ? `contacts.created_at < ${p(start)}`
          : `contacts.created_at >= ${p(new Date(start.getTime() + dayMs))}`;
      }
      case 'engagement': {
        const since = p(new Date(now.getTime() - condition.value * dayMs));
        const column =
          condition.operator.includes('Opened') || condition.operator.startsWith('opened')
            ? 'last_open_at'
            : 'last_click_at';
        return condition.operator.startsWith('not')
          ? `(contacts.${column} IS NULL OR contacts.${column} < ${since})`
          : `contacts.${column} >= ${since}`;
      }
    }
  };

  const compileGroup = (group: SegmentGroup, p: (value: unknown) => string): string => {
    const parts = group.conditions.map((entry) =>
      'match' in entry ? compileGroup(entry, p) : compileCondition(entry, p),
    );
    return `(${parts.join(group.match === 'all' ? ' AND ' : ' OR ')})`;
  };

  return (group, params) => {
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    return compileGroup(group, p);
  };
}
