import type { z } from 'zod';

const typeNames: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

const formatNames: Readonly<Record<string, string>> = {
  email: 'a valid email address',
  url: 'a valid web address, like https://example.com',
  uuid: 'a valid identifier',
  datetime: 'a valid date and time',
  date: 'a valid date',
  time: 'a valid time',
  ipv4: 'a valid IPv4 address',
  ipv6: 'a valid IPv6 address',
  cidrv4: 'a valid IPv4 range',
  cidrv6: 'a valid IPv6 range',
};

function itemsOf(origin: string, count: number | bigint): string {
  if (origin === 'string') return `${count} character${count === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${count} item${count === 1 ? '' : 's'}`;
  if (origin === 'file') return `${count} bytes`;
  return String(count);
}

/**
 * What a person reads for an issue whose schema gave no message of its own: zod's defaults are
 * written for developers ("Too big: expected string to have <=254 characters"). Undefined leaves the
 * issue to zod. Passed per parse (`safeParse(value, { error: humanIssueMessage })`), not installed
 * globally: the server's SparkPost adapter reads zod's own texts.
 */
export function humanIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_big': {
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return `Enter a number ${issue.inclusive === false ? 'below' : 'no greater than'} ${issue.maximum}`;
      }
      if (issue.origin === 'date') return 'Choose an earlier date';
      return `Use at most ${itemsOf(issue.origin, issue.maximum)}`;
    }
    case 'too_small': {
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return `Enter a number ${issue.inclusive === false ? 'above' : 'of at least'} ${issue.minimum}`;
      }
      if (issue.origin === 'date') return 'Choose a later date';
      if (Number(issue.minimum) === 1 && issue.origin === 'string') return 'This field is required';
      return `Use at least ${itemsOf(issue.origin, issue.minimum)}`;
    }
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required';
      return `Enter ${typeNames[issue.expected] ?? 'a valid value'}`;
    case 'invalid_format':
      return `Enter ${formatNames[issue.format] ?? 'a value in the expected format'}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `The only accepted value is ${String(issue.values[0])}`
        : `Choose one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Remove the unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `Enter a multiple of ${issue.divisor}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'This value is not valid';
    default:
      return undefined;
  }
}
