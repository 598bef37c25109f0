import { Alert, consoleFeature, Page } from '@app/shared';
import type { ComponentType } from 'react';
import { RoleLockedPage, roleAllows } from '../role-gate.tsx';

/** IP pools change with the settings.manage permission (the engine's ip_pools/manage grant). */
export const mayManagePools = (): boolean => roleAllows('settings.manage');

/** An IP pool page behind the §6 ipPool flag (and, for pages that only change pools, the role). */
export function ipPoolGate(title: string, Inner: ComponentType, changes = false): ComponentType {
  return function Gated() {
    if (!consoleFeature('ipPool')) {
      return (
        <Page title={title}>
          <Alert type="info">IP pools are not available for this account.</Alert>
        </Page>
      );
    }
    if (changes && !mayManagePools()) return <RoleLockedPage title={title} permission="settings.manage" />;
    return <Inner />;
  };
}
