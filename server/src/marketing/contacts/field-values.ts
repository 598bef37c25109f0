import type { ContactFieldType, ContactFieldValue } from '@app/contract/marketing/contacts';
import { z } from 'zod';
import { invalidField } from '../../domain-error.ts';

/** What a custom field's values must be. */
export interface FieldRule {
  id: string;
  tag: string;
  type: ContactFieldType;
  choices: string[] | null;
}

/** Stored values by field id: null names a value to remove. */
export type FieldValues = Record<string, ContactFieldValue>;

const isoDate = z.iso.date();
const decimal = /^-?\d+(\.\d+)?$/;

/**
 * The value to store for `raw`, or why it does not fit the field's type. Strings are accepted for
 * every type (a form or a file sends only strings); null or a blank string removes the value.
 */
export function storedValue(
  field: FieldRule,
  raw: ContactFieldValue,
): ContactFieldValue | { refused: string } {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === null || text === '') return null;
  switch (field.type) {
    case 'text':
      return String(text);
    case 'number':
      if (typeof text === 'number' && Number.isFinite(text)) return text;
      return typeof text === 'string' && decimal.test(text) ? Number(text) : { refused: 'Enter a number' };
    case 'date':
      return isoDate.safeParse(text).success ? (text as string) : { refused: 'Enter a date as YYYY-MM-DD' };
    case 'boolean':
      if (typeof text === 'boolean') return text;
      if (text === 'true' || text === 'false') return text === 'true';
      return { refused: 'Enter true or false' };
    case 'choice':
      return typeof text === 'string' && field.choices?.includes(text)
        ? text
        : { refused: `Choose one of: ${field.choices?.join(', ')}` };
  }
}

/**
 * Values sent by tag, checked against the company's fields and keyed by field id; an unknown tag or a
 * value of the wrong type is a validation error on `fields.<tag>`.
 */
export function fieldValuesOf(
  fields: readonly FieldRule[],
  sent: Record<string, ContactFieldValue>,
): FieldValues {
  const byTag = new Map(fields.map((field) => [field.tag, field]));
  const values: FieldValues = {};
  for (const [tag, raw] of Object.entries(sent)) {
    const field = byTag.get(tag);
    if (!field) throw invalidField(`fields.${tag}`, 'There is no field with this tag', tag);
    const value = storedValue(field, raw);
    if (value !== null && typeof value === 'object') throw invalidField(`fields.${tag}`, value.refused, raw);
    values[field.id] = value;
  }
  return values;
}

/** Stored values (by field id) as the answer gives them (by tag); values of deleted fields are gone already. */
export function valuesByTag(fields: readonly FieldRule[], stored: Record<string, ContactFieldValue>) {
  const byTag: Record<string, ContactFieldValue> = {};
  for (const field of fields) {
    const value = stored[field.id];
    if (value !== undefined) byTag[field.tag] = value;
  }
  return byTag;
}
