import type { ApiKeyCreated, SubaccountView } from '@app/contract';
import {
  Alert,
  consoleFeature,
  LinkButton,
  navigate,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  SelectField,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { listSubaccounts } from '../subaccounts/api.ts';
import { createKey } from './api.ts';
import { KeyForm } from './KeyForm.tsx';
import { KeyShownOnce } from './KeyShownOnce.tsx';
import { keyPath, useSubaccountParam } from './subaccount-param.ts';

/**
 * /api-key/create: label, grants, allowed IPs and (optionally) the subaccount the key belongs to. The
 * new key is shown once, on this page; leaving it loses the key.
 */
export function ApiKeyCreatePage() {
  const fromQuery = useSubaccountParam();
  const withSubaccounts = consoleFeature('subaccount');
  const [subaccount, setSubaccount] = useState<number | undefined>(fromQuery);
  const [created, setCreated] = useState<(ApiKeyCreated & { subaccount?: number }) | null>(null);
  const subaccounts = useLoad<SubaccountView[]>(
    () => (withSubaccounts ? listSubaccounts() : Promise.resolve([])),
    [withSubaccounts],
  );
  const back = fromQuery ? `/subaccount/${fromQuery}` : '/api-key';

  if (!consoleFeature('apiKey.create')) {
    return (
      <Page title="Create API Key">
        <Alert type="info">
          Creating API keys is turned off for this account. Ask your administrator for a key.
        </Alert>
      </Page>
    );
  }

  if (!roleAllows('apiKeys.manage'))
    return <RoleLockedPage title="Create API Key" permission="apiKeys.manage" />;

  if (created) {
    return (
      <Page title="Create API Key" description="Your key is ready.">
        <KeyShownOnce
          label={created.label}
          secret={created.key}
          actions={
            <>
              <LinkButton to={keyPath(created.id, created.subaccount)} variant="primary">
                View key details
              </LinkButton>
              <LinkButton to={back}>{fromQuery ? 'Back to the subaccount' : 'Back to API keys'}</LinkButton>
            </>
          }
        />
      </Page>
    );
  }

  const active = (subaccounts.data ?? []).filter((item) => item.status === 'active');
  return (
    <Page
      title="Create API Key"
      description="Choose what the key may do. The key itself is shown once, right after you create it."
    >
      <Panel>
        {/* Not remounted when "Belongs to" changes: what was typed stays; grants a subaccount's key
            may not hold are dropped when the key is made (useKeyFields' chosenGrants). */}
        <KeyForm
          initial={{ label: '', grants: [], validIps: [] }}
          forSubaccount={subaccount !== undefined}
          submitLabel="Create API key"
          onCancel={() => navigate(back)}
          onSubmit={async (body) => {
            const answer = await createKey(body, subaccount);
            setCreated({ ...answer, subaccount });
          }}
        >
          {withSubaccounts && (active.length > 0 || subaccount !== undefined) ? (
            <SelectField
              label="Belongs to"
              value={String(subaccount ?? 0)}
              options={[
                { value: '0', label: 'Primary account' },
                ...active.map((item) => ({
                  value: String(item.id),
                  label: `${item.name} (subaccount ${item.id})`,
                })),
                ...(subaccount !== undefined && !active.some((item) => item.id === subaccount)
                  ? [{ value: String(subaccount), label: `Subaccount ${subaccount}` }]
                  : []),
              ]}
              onChange={(value) => setSubaccount(value === '0' ? undefined : Number(value))}
              hint="A subaccount's key acts only for that subaccount and holds only the grants a subaccount may have."
            />
          ) : null}
        </KeyForm>
      </Panel>
    </Page>
  );
}
