import { isEmailAddress } from '@app/contract/engine/email-address';
import { type FieldRule, storedValue } from '../field-values.ts';
import type { FileRecord } from './import-file.ts';
import type { RowError, StagedRow } from './import-store.ts';

/** Where each mapped column goes: a built-in column or a custom field. */
export interface RowPlan {
  /** The address column's index; -1 when none is mapped (only with {@link RowPlan.addressOptional}). */
  email: number;
  /** The company's "custom import without email" toggle: a row without an address is kept. */
  addressOptional: boolean;
  builtIn: Array<{ index: number; header: string; column: 'firstname' | 'lastname' | 'phone'; max: number }>;
  custom: Array<{ index: number; header: string; field: FieldRule }>;
  emptyCells: 'keep' | 'clear';
}

const builtInMax = { firstname: 100, lastname: 100, phone: 40 } as const;

/** The plan of a mapping (header → email, a built-in tag, a field tag or skip) over the file's headers. */
export function rowPlanOf(
  headers: readonly string[],
  mapping: Record<string, string>,
  fields: readonly FieldRule[],
  options: { emptyCells: 'keep' | 'clear'; addressOptional: boolean },
): RowPlan {
  const byTag = new Map(fields.map((field) => [field.tag, field]));
  const plan: RowPlan = { email: -1, builtIn: [], custom: [], ...options };
  for (const [index, header] of headers.entries()) {
    const target = mapping[header];
    if (target === undefined || target === 'skip') continue;
    if (target === 'email') plan.email = index;
    else if (target === 'firstname' || target === 'lastname' || target === 'phone') {
      plan.builtIn.push({ index, header, column: target, max: builtInMax[target] });
    } else {
      const field = byTag.get(target);
      if (field) plan.custom.push({ index, header, field });
    }
  }
  return plan;
}

/**
 * A record of the file checked against the plan: the row to stage, or why it is rejected (with the
 * column). `rowNumber` counts data rows from 1.
 */
export function checkedRow(
  plan: RowPlan,
  headers: readonly string[],
  record: FileRecord,
  rowNumber: number,
): { row: StagedRow } | { error: RowError } {
  const refuse = (column: string, reason: string) => ({ error: { line: record.line, column, reason } });
  const cell = (index: number) => (record.cells[index] ?? '').trim();
  const emailHeader = headers[plan.email] ?? 'email';
  const email = plan.email === -1 ? '' : cell(plan.email).toLowerCase();
  if (email === '' && !plan.addressOptional) return refuse(emailHeader, 'No email address');
  if (email !== '' && !isEmailAddress(email)) return refuse(emailHeader, 'Not a valid email address');
  if (email === '') {
    // Without an address, the phone is what identifies the row: it must hold a number.
    const phone = plan.builtIn.find((entry) => entry.column === 'phone');
    if (!phone || !/\d/.test(cell(phone.index))) {
      const column = plan.email === -1 ? (phone?.header ?? emailHeader) : emailHeader;
      return refuse(column, 'No email address or phone number');
    }
  }
  const row: StagedRow = {
    rowNumber,
    line: record.line,
    email: email === '' ? null : email,
    firstname: null,
    lastname: null,
    phone: null,
    fields: {},
  };
  for (const { index, header, column, max } of plan.builtIn) {
    const value = cell(index);
    if (value.includes('\0')) return refuse(header, 'Holds a NUL character');
    if (value.length > max) return refuse(header, `At most ${max} characters`);
    row[column] = value === '' ? null : value;
  }
  for (const { index, header, field } of plan.custom) {
    const raw = cell(index);
    if (raw.includes('\0')) return refuse(header, 'Holds a NUL character');
    const value = storedValue(field, raw);
    if (value !== null && typeof value === 'object') return refuse(header, value.refused);
    if (value !== null || plan.emptyCells === 'clear') row.fields[field.id] = value;
  }
  return { row };
}

const suggestions: Record<string, readonly string[]> = {
  email: ['email', 'e-mail', 'emailaddress', 'e-mailaddress', 'mail', 'address'],
  firstname: ['firstname', 'first', 'givenname', 'name'],
  lastname: ['lastname', 'last', 'surname', 'familyname'],
  phone: ['phone', 'phonenumber', 'mobile', 'telephone', 'tel'],
};

/** A mapping to start from: headers named like a built-in field, or a custom field's tag or name; the rest skipped. */
export function suggestedMapping(
  headers: readonly string[],
  fields: ReadonlyArray<{ tag: string; name: string }>,
): Record<string, string> {
  const squash = (text: string) => text.toLowerCase().replace(/[\s_]/g, '');
  const taken = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const key = squash(header);
    const builtIn = Object.keys(suggestions).find((tag) => suggestions[tag]?.includes(key));
    const custom = fields.find((field) => squash(field.tag) === key || squash(field.name) === key)?.tag;
    const target = builtIn ?? custom;
    mapping[header] = target && !taken.has(target) ? target : 'skip';
    if (target) taken.add(target);
  }
  return mapping;
}

/** The header that identifies a row, which rejected rows name: the address's, else the phone's. */
export function identityColumnOf(mapping: Record<string, string>): string {
  const headerOf = (tag: string) => Object.entries(mapping).find(([, target]) => target === tag)?.[0];
  return headerOf('email') ?? headerOf('phone') ?? 'email';
}
