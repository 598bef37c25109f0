import { type Permission, roleRefusal } from '@app/contract';
import { canChange } from '../stores/account.ts';
import { Alert, Button } from './components.tsx';
import { Page } from './layout.tsx';

/** §6: whether the signed-in user's role may make changes of this kind (reading is always allowed). */
export const roleAllows = (permission: Permission): boolean => canChange(permission);

/** An action the role does not allow: shown disabled, with the reason beside it. */
export function RoleLockedButton({ label, permission }: { label: string; permission: Permission }) {
  return (
    <span className="app-page-actions">
      <Button disabled>{label}</Button>
      <span className="muted">{roleRefusal(permission)}</span>
    </span>
  );
}

/** A page that only changes things the role does not allow. */
export function RoleLockedPage({ title, permission }: { title: string; permission: Permission }) {
  return (
    <Page title={title}>
      <Alert type="info">{roleRefusal(permission)}</Alert>
    </Page>
  );
}
