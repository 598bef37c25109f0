import type { SubaccountCreateBody, SubaccountCreated } from '@app/contract';
import {
  consoleFeature,
  EngineFormShell,
  fieldErrorsOf,
  formSchema,
  humanIssueMessage,
  LinkButton,
  navigate,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  SwitchField,
  TextField,
  useEngineForm,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { KeyFields, useKeyFields } from '../api-keys/KeyFields.tsx';
import { KeyShownOnce } from '../api-keys/KeyShownOnce.tsx';
import { createSubaccount, listIpPools } from './api.ts';
import { IpPoolField } from './IpPoolField.tsx';

const engineFields = {
  name: 'name',
  key_label: 'keyLabel',
  key_grants: 'grants',
  key_valid_ips: 'validIps',
  ip_pool: 'ipPool',
};

/** /subaccount/create: a name, an IP pool if the account has pools, and optionally its first API key (shown once). */
export function SubaccountCreatePage() {
  const canCreateKey = consoleFeature('apiKey.create');
  const withPools = consoleFeature('ipPool');
  const pools = useLoad(() => (withPools ? listIpPools() : Promise.resolve([])), [withPools]);
  const [name, setName] = useState('');
  const [ipPool, setIpPool] = useState('');
  const [withKey, setWithKey] = useState(canCreateKey);
  const key = useKeyFields({ label: '', grants: [], validIps: [] }, true);
  const form = useEngineForm(engineFields);
  const [created, setCreated] = useState<SubaccountCreated | null>(null);

  async function submit() {
    const body: SubaccountCreateBody = { name, setup_api_key: withKey };
    if (ipPool) body.ip_pool = ipPool;
    const found: Record<string, string> = {};
    if (withKey) {
      body.key_label = key.label;
      body.key_grants = key.chosenGrants();
      const validIps = key.validIps();
      if (validIps) body.key_valid_ips = validIps;
      if (!key.label.trim()) found.keyLabel = 'A label is required';
      if (body.key_grants.length === 0) found.grants = 'Choose at least one grant';
      const ipError = key.ipsError();
      if (ipError) found.validIps = ipError;
    }
    const parsed = (await formSchema('subaccountCreateBody')()).safeParse(body, { error: humanIssueMessage });
    if (!parsed.success) {
      const issues = fieldErrorsOf(parsed.error);
      for (const [param, field] of Object.entries(engineFields)) {
        if (issues[param] && !found[field]) found[field] = issues[param];
      }
    }
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      return;
    }
    await form.run(async () => {
      const answer = await createSubaccount(body);
      if (answer.key) setCreated(answer);
      else navigate(`/subaccount/${answer.subaccount_id}`);
    });
  }

  if (!roleAllows('subaccounts.manage')) {
    return <RoleLockedPage title="Create Subaccount" permission="subaccounts.manage" />;
  }

  if (created?.key) {
    return (
      <Page title="Create Subaccount" description={`Subaccount ${name} is created with its first API key.`}>
        <KeyShownOnce
          label={created.label ?? key.label}
          secret={created.key}
          actions={
            <>
              <LinkButton to={`/subaccount/${created.subaccount_id}`} variant="primary">
                Go to the subaccount
              </LinkButton>
              <LinkButton to="/subaccount">Back to subaccounts</LinkButton>
            </>
          }
        />
      </Page>
    );
  }

  return (
    <Page
      title="Create Subaccount"
      description="A subaccount sends with its own keys, domains and suppression list; you can suspend it on its own."
    >
      <Panel>
        <EngineFormShell
          form={form}
          onSubmit={submit}
          submitLabel="Create subaccount"
          onCancel={() => navigate('/subaccount')}
        >
          <TextField
            label="Name"
            name="name"
            value={name}
            maxLength={64}
            error={form.errors.name}
            hint="The customer or brand, at most 64 characters."
            onChange={(event) => {
              setName(event.target.value);
              form.clear('name');
            }}
          />
          {withPools && pools.data && pools.data.length > 0 ? (
            <IpPoolField
              pools={pools.data}
              value={ipPool}
              error={form.errors.ipPool}
              onChange={(value) => {
                setIpPool(value);
                form.clear('ipPool');
              }}
            />
          ) : null}
          {canCreateKey ? (
            <SwitchField
              label="Create its first API key now"
              checked={withKey}
              onChange={setWithKey}
              hint="You can also create keys for the subaccount later, from its page."
            />
          ) : null}
          {withKey ? (
            <fieldset className="app-check-group">
              <legend>First API key</legend>
              <KeyFields
                fields={key}
                form={form}
                labelField={{ label: 'Key label', name: 'key_label', field: 'keyLabel' }}
              />
            </fieldset>
          ) : null}
        </EngineFormShell>
      </Panel>
    </Page>
  );
}
