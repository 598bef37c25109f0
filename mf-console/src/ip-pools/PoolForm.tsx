import type { IpPoolView } from '@app/contract';
import {
  Button,
  engineMessage,
  FormError,
  formSchema,
  type IpPoolFormValues,
  SelectField,
  TextField,
  useZodForm,
} from '@app/shared';
import { defaultPoolId, poolLabel } from './api.ts';

/**
 * A pool's name, DKIM signing domain and overflow pool (the pool that takes the mail its addresses
 * cannot, e.g. while they warm up). The engine's refusal is shown in its words.
 */
export function PoolForm({
  initial,
  pools,
  selfId,
  submitLabel,
  onSubmit,
}: {
  initial: IpPoolFormValues;
  /** The account's pools, for the overflow choice. */
  pools: readonly IpPoolView[];
  /** The pool being edited (it cannot overflow to itself). */
  selfId?: string;
  submitLabel: string;
  onSubmit: (body: IpPoolFormValues) => Promise<void>;
}) {
  const form = useZodForm(formSchema('ipPoolFormSchema'), initial);
  const overflowChoices = pools.filter((pool) => pool.id !== defaultPoolId && pool.id !== selfId);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (body) => {
          try {
            await onSubmit(body);
          } catch (error) {
            throw new Error(engineMessage(error));
          }
        });
      }}
    >
      <FormError message={form.formError} />
      <TextField
        label="Name"
        autoComplete="off"
        hint={selfId ? undefined : 'The pool ID is made from it, e.g. "Marketing IPs" becomes marketing_ips.'}
        {...form.field('name')}
      />
      <TextField
        label="Signing domain (optional)"
        autoComplete="off"
        hint="Mail through this pool is DKIM-signed for this domain instead of the From domain."
        {...form.field('signing_domain', (value) => value.trim().toLowerCase())}
      />
      <SelectField
        label="Overflow pool"
        value={String(form.values.auto_warmup_overflow_pool ?? '')}
        options={[
          { value: '', label: 'None' },
          ...overflowChoices.map((pool) => ({ value: pool.id, label: poolLabel(pool) })),
        ]}
        onChange={(value) => form.set('auto_warmup_overflow_pool', value)}
        hint="Takes the mail this pool's addresses cannot send while they warm up."
      />
      <Button type="submit" busy={form.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
