import type { IpPoolView, SubaccountUpdateBody, SubaccountView } from '@app/contract';
import {
  $currentRoute,
  Alert,
  AppLink,
  Button,
  ConfirmDialog,
  consoleFeature,
  engineFieldErrors,
  FormError,
  fieldErrorsOf,
  formSchema,
  humanIssueMessage,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  SelectField,
  showToast,
  TextField,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { getSubaccount, listIpPools, updateSubaccount } from './api.ts';
import { IpPoolField } from './IpPoolField.tsx';
import { statusLabel } from './status.tsx';

/** /subaccount/:id/edit: name, status (terminating asks first: it cannot be undone) and IP pool. */
export function SubaccountEditPage() {
  const id = Number(useStore($currentRoute)?.params.id ?? '0');
  const withPools = consoleFeature('ipPool');
  const loaded = useLoad(
    () => Promise.all([getSubaccount(id), withPools ? listIpPools() : Promise.resolve([] as IpPoolView[])]),
    [id, withPools],
  );
  if (!roleAllows('subaccounts.manage')) {
    return <RoleLockedPage title="Edit Subaccount" permission="subaccounts.manage" />;
  }
  return (
    <Page title="Edit Subaccount">
      <LoadStatus
        loaded={loaded}
        lines={4}
        loading="Loading the subaccount ..."
        failed="This subaccount could not be loaded"
        action={<AppLink to="/subaccount">Back to subaccounts</AppLink>}
      />
      {loaded.data ? <EditForm subaccount={loaded.data[0]} pools={loaded.data[1]} /> : null}
    </Page>
  );
}

const engineFields = { name: 'name', status: 'status', ip_pool: 'ipPool' };

function EditForm({ subaccount, pools }: { subaccount: SubaccountView; pools: readonly IpPoolView[] }) {
  const [name, setName] = useState(subaccount.name);
  const [status, setStatus] = useState(subaccount.status);
  const [ipPool, setIpPool] = useState(subaccount.ip_pool ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const terminated = subaccount.status === 'terminated';
  const detail = `/subaccount/${subaccount.id}`;

  const changes = (): SubaccountUpdateBody => {
    const body: SubaccountUpdateBody = { name };
    if (status !== subaccount.status) body.status = status;
    if (ipPool !== (subaccount.ip_pool ?? '')) body.ip_pool = ipPool === '' ? null : ipPool;
    return body;
  };

  async function check(): Promise<boolean> {
    const schema = await formSchema('subaccountUpdateBody')();
    const parsed = schema.safeParse(changes(), { error: humanIssueMessage });
    if (parsed.success) return true;
    const issues = fieldErrorsOf(parsed.error);
    setErrors({ name: issues.name ?? '', ipPool: issues.ip_pool ?? '', status: issues.status ?? '' });
    return false;
  }

  async function save() {
    setBusy(true);
    try {
      await updateSubaccount(subaccount.id, changes());
      showToast({ type: 'success', message: `Subaccount ${name} is saved.` });
      navigate(detail);
    } catch (error) {
      setErrors(engineFieldErrors(error, engineFields));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const changingStatus = status !== subaccount.status;
  return (
    <Panel>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void check().then((valid) => {
            if (!valid) return;
            if (changingStatus && status !== 'active') setConfirming(true);
            else void save();
          });
        }}
      >
        <TextField
          label="Name"
          name="name"
          value={name}
          maxLength={64}
          error={errors.name || undefined}
          onChange={(event) => {
            setName(event.target.value);
            setErrors({});
          }}
        />
        <SelectField
          label="Status"
          name="status"
          value={status}
          disabled={terminated}
          error={errors.status || undefined}
          options={[
            { value: 'active', label: 'Active: sends mail and its keys work' },
            { value: 'suspended', label: 'Suspended: its keys are refused until reactivated' },
            { value: 'terminated', label: 'Terminated: closed for good' },
          ]}
          hint={terminated ? 'A terminated subaccount cannot be reactivated.' : undefined}
          onChange={(value) => setStatus(value as SubaccountView['status'])}
        />
        {status === 'terminated' && !terminated ? (
          <Alert type="warning">
            Terminating a subaccount cannot be undone: its keys stop working for good.
          </Alert>
        ) : null}
        {pools.length > 0 ? (
          <IpPoolField pools={pools} value={ipPool} error={errors.ipPool || undefined} onChange={setIpPool} />
        ) : null}
        <FormError message={errors.form ?? null} />
        <div className="app-page-actions">
          <Button type="submit" busy={busy && !confirming}>
            Save changes
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => navigate(detail)}>
            Cancel
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={status === 'terminated' ? 'Terminate this subaccount?' : 'Suspend this subaccount?'}
        confirmLabel={status === 'terminated' ? 'Terminate subaccount' : 'Suspend subaccount'}
        danger
        busy={busy}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        {status === 'terminated' ? (
          <p>
            <strong>{subaccount.name}</strong> will be closed for good: its API keys stop working and it
            cannot be reactivated. This cannot be undone.
          </p>
        ) : (
          <p>
            <strong>{subaccount.name}</strong> will be {statusLabel(status).toLowerCase()}: its API keys are
            refused until you make it active again.
          </p>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
