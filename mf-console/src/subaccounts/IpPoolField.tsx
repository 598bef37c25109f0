import type { IpPoolView } from '@app/contract';
import { SelectField } from '@app/shared';

/** The IP pool a subaccount's mail leaves from; "Any pool" lets it use every pool of the account. */
export function IpPoolField({
  pools,
  value,
  onChange,
  error,
}: {
  pools: readonly Pick<IpPoolView, 'id' | 'name'>[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const options = [
    { value: '', label: 'Any pool of the account' },
    ...pools.map((pool) => ({
      value: pool.id,
      label: pool.name === pool.id ? pool.id : `${pool.name} (${pool.id})`,
    })),
  ];
  if (value && !pools.some((pool) => pool.id === value)) options.push({ value, label: value });
  return (
    <SelectField
      label="IP pool"
      name="ip_pool"
      value={value}
      options={options}
      onChange={onChange}
      error={error}
      hint="Restrict the subaccount's mail to one pool of sending IPs."
    />
  );
}
