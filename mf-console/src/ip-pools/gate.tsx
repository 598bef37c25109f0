import { Alert, consoleFeature, Page, RoleLockedPage, roleAllows } from '@app/shared';
import type { ComponentType } from 'react';

/** IP pools change with the settings.manage permission (the engine's ip_pools/manage grant). */
const mayManagePools = (): boolean => roleAllows('settings.manage');

/**
 * An IP pool page behind the §6 ipPool flag and the role's settings.manage permission: the engine
 * answers even the list only with the ip_pools/manage grant that permission carries.
 */
export function ipPoolGate(title: string, Inner: ComponentType): ComponentType {
  return function Gated() {
    if (!consoleFeature('ipPool')) {
      return (
        <Page title={title}>
          <Alert type="info">IP pools are not available for this account.</Alert>
        </Page>
      );
    }
    if (!mayManagePools()) return <RoleLockedPage title={title} permission="settings.manage" />;
    return <Inner />;
  };
}
