import { isNetmask, netmaskLines } from '@app/contract';
import { TextAreaField } from '@app/shared';

/** The first line that is not an address or netmask, as the message the field shows. */
export function allowedIpsError(text: string): string | undefined {
  const bad = netmaskLines(text).filter((line) => !isNetmask(line));
  if (bad.length === 0) return undefined;
  return `Not an IP address or CIDR netmask: ${bad.slice(0, 3).join(', ')}${bad.length > 3 ? ' ...' : ''}`;
}

/** Allowed IPs, one a line: the key works only from these addresses (none = from anywhere). */
export function AllowedIpsField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextAreaField
      label="Allowed IPs (optional)"
      name="valid_ips"
      rows={3}
      value={value}
      onChange={onChange}
      error={error}
      placeholder={'203.0.113.7\n10.0.0.0/8\n2001:db8::/32'}
      hint="One IPv4 or IPv6 address or CIDR netmask per line. Leave it empty to allow calls from any address."
    />
  );
}
