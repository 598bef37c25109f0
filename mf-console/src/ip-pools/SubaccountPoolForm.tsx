import type { IpPoolView, SubaccountView } from '@app/contract';
import { Button, engineMessage, FormError, SelectField, showToast } from '@app/shared';
import { useState } from 'react';
import { updateSubaccount } from '../subaccounts/api.ts';
import { IpPoolField } from '../subaccounts/IpPoolField.tsx';
import { styles } from './styles.ts';

/** Sets the pool a subaccount's mail leaves from (PUT /subaccounts/:id with ip_pool). */
export function SubaccountPoolForm({
  subaccounts,
  pools,
  onSaved,
}: {
  subaccounts: readonly SubaccountView[];
  pools: readonly IpPoolView[];
  onSaved: () => void;
}) {
  const [id, setId] = useState('');
  const [pool, setPool] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = subaccounts.find((subaccount) => String(subaccount.id) === id);

  const save = async () => {
    if (!chosen) {
      setError('Choose a subaccount');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateSubaccount(chosen.id, { ip_pool: pool || null });
      showToast({
        type: 'success',
        message: pool ? `${chosen.name} now sends through ${pool}.` : `${chosen.name} may use any pool.`,
      });
      onSaved();
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
      aria-label="Set a subaccount's pool"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 style={styles.formTitle}>Set a subaccount's pool</h3>
      <FormError message={error} />
      <SelectField
        label="Subaccount"
        value={id}
        placeholder="Choose a subaccount"
        options={subaccounts.map((subaccount) => ({
          value: String(subaccount.id),
          label: `${subaccount.name} (${subaccount.id})`,
        }))}
        onChange={(value) => {
          setId(value);
          setPool(subaccounts.find((subaccount) => String(subaccount.id) === value)?.ip_pool ?? '');
        }}
      />
      <IpPoolField pools={pools} value={pool} onChange={setPool} />
      <Button type="submit" variant="secondary" busy={busy}>
        Save pool
      </Button>
    </form>
  );
}
