import type { ComponentType } from 'react';
import { consoleFeature } from '../stores/account.ts';
import { Alert } from './components.tsx';
import { Page } from './layout.tsx';

/** A page of an area a §6 console flag turns off: says so instead of offering what the account cannot use. */
export function gatedBy(flag: 'subaccount' | 'apiKey', title: string, Inner: ComponentType): ComponentType {
  return function Gated() {
    if (consoleFeature(flag)) return <Inner />;
    return (
      <Page title={title}>
        <Alert type="info">
          {flag === 'subaccount' ? 'Subaccounts are' : 'API keys are'} not available for this account.
        </Alert>
      </Page>
    );
  };
}
