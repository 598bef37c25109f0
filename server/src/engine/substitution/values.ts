import { GenerationError } from './errors.ts';

/** Only false, null and missing values are false; 0 and '' count as true, as in the reference's Lua. */
export const isTruthy = (value: unknown): boolean => value !== undefined && value !== null && value !== false;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key of an object (own keys only, never the prototype's) or a 1-based position in an array. */
export function lookup(container: unknown, key: unknown): unknown {
  if (Array.isArray(container)) {
    return typeof key === 'number' && Number.isInteger(key) && key >= 1 ? container[key - 1] : undefined;
  }
  if (!isObject(container) || (typeof key !== 'string' && typeof key !== 'number')) return undefined;
  const name = String(key);
  return Object.hasOwn(container, name) ? container[name] : undefined;
}

/**
 * Fractions print with 14 significant digits, as the reference's Lua prints numbers, so arithmetic
 * leaves no binary noise: 0.1 + 0.2 prints 0.3 and 19.99 * 3 prints 59.97. Whole numbers print whole.
 */
function numberText(value: number): string {
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(14)));
}

/** How a value is printed: null and missing as nothing, arrays and objects as JSON. */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** The # operator: items of an array, characters of a string, 0 otherwise. */
export function lengthOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return [...value].length;
  return 0;
}

export function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return value === undefined || value === null || value === '';
}

export function equals(left: unknown, right: unknown): boolean {
  const a = left === undefined ? null : left;
  const b = right === undefined ? null : right;
  return a === b;
}

/** < > <= >= compare two numbers or two strings; anything else compares false. */
export function compare(op: '<' | '>' | '<=' | '>=', left: unknown, right: unknown): boolean {
  const comparable =
    (typeof left === 'number' && typeof right === 'number') ||
    (typeof left === 'string' && typeof right === 'string');
  if (!comparable) return false;
  const a = left as number | string;
  const b = right as number | string;
  switch (op) {
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    default:
      return a >= b;
  }
}

function toNumber(value: unknown, op: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  throw new GenerationError(
    'generation_failure',
    `arithmetic (${op}) on ${value === undefined || value === null ? 'a missing value' : `the value ${JSON.stringify(toText(value).slice(0, 40))}`}`,
  );
}

export function arithmetic(op: '+' | '-' | '*' | '/', left: unknown, right: unknown): number {
  const a = toNumber(left, op);
  const b = toNumber(right, op);
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    default:
      return a / b;
  }
}
