import type { IpPoolView, SendingIpView } from '@app/contract';
import { Button, engineMessage, FormError, SelectField, showToast } from '@app/shared';
import { useState } from 'react';
import { moveSendingIp, poolLabel } from './api.ts';
import { styles } from './styles.ts';

/**
 * Moves one sending address into a pool (out of the pool that held it). With `into`, the pool is
 * fixed and only the addresses elsewhere are offered.
 */
export function MoveAddressForm({
  ips,
  pools,
  into,
  onMoved,
}: {
  ips: readonly SendingIpView[];
  pools: readonly IpPoolView[];
  into?: IpPoolView;
  onMoved: () => void;
}) {
  const movable = into ? ips.filter((ip) => ip.ip_pool !== into.id) : ips;
  const [address, setAddress] = useState('');
  const [pool, setPool] = useState(into?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = movable.find((ip) => ip.external_ip === address);

  if (movable.length === 0) {
    return <p className="muted">Every address of this server is already in this pool.</p>;
  }

  const move = async () => {
    if (!chosen || !pool) {
      setError(!chosen ? 'Choose an address' : 'Choose a pool');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await moveSendingIp(chosen.external_ip, pool);
      showToast({ type: 'success', message: `${chosen.external_ip} moved to ${pool}.` });
      setAddress('');
      onMoved();
    } catch (failure) {
      setError(engineMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      style={styles.form}
      aria-label={into ? `Add an address to ${into.name}` : 'Move a sending IP'}
      onSubmit={(event) => {
        event.preventDefault();
        void move();
      }}
    >
      {into ? null : <h3 style={styles.formTitle}>Move a sending IP</h3>}
      <FormError message={error} />
      <SelectField
        label="Sending IP"
        value={address}
        placeholder="Choose an address"
        options={movable.map((ip) => ({
          value: ip.external_ip,
          label: `${ip.external_ip} (now in ${ip.ip_pool})`,
        }))}
        onChange={setAddress}
      />
      {into ? null : (
        <SelectField
          label="Move to pool"
          value={pool}
          placeholder="Choose a pool"
          options={pools
            .filter((candidate) => candidate.id !== chosen?.ip_pool)
            .map((candidate) => ({ value: candidate.id, label: poolLabel(candidate) }))}
          onChange={setPool}
          hint="The default pool means no pool: the address is then used by mail that names none."
        />
      )}
      <Button type="submit" variant="secondary" busy={busy}>
        {into ? 'Add to this pool' : 'Move address'}
      </Button>
    </form>
  );
}
