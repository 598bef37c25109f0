import { type Permission, permissionLabel, type TeamRole } from '@app/contract';
import { permissionDescriptions } from '@app/contract/accounts/permission-descriptions';
import {
  Alert,
  Button,
  buildPermissions,
  CheckboxField,
  ConfirmButton,
  DataTable,
  FormError,
  formSchema,
  Panel,
  SelectField,
  TextField,
  useZodForm,
} from '@app/shared';
import { useState } from 'react';
import { onlyTeamManagers, type PermissionState } from './permissions.ts';
import { deleteRoleRefusal, givableRoles, permissionRefusal } from './role-rules.ts';
import { teamApi } from './team-api.ts';

/** What the role may change, among the permissions this build has (the smtp variant: no marketing). */
const shownOf = (role: TeamRole): Permission[] =>
  role.permissions.filter((permission) => buildPermissions().includes(permission));

/** Account setting "Roles": the built-in and custom roles, a custom role's creation and deletion (§3 Role). */
export function RolesSection({
  access,
  roles,
  onChanged,
}: {
  access: PermissionState;
  roles: TeamRole[];
  onChanged: () => void;
}) {
  const canManage = access.can('team.manage');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <Panel title="Roles">
      <p className="muted">Every role can view everything; a role decides what its members may change.</p>
      {notice ? <Alert type="success">{notice}</Alert> : null}
      {error ? <Alert type="danger">{error}</Alert> : null}
      <DataTable
        label="Roles"
        rows={roles}
        rowKey={(role) => role.id}
        columns={[
          {
            key: 'name',
            label: 'Role',
            render: (role) => (
              <>
                {role.name}
                {role.builtIn ? <span className="muted"> (built in)</span> : null}
              </>
            ),
          },
          {
            key: 'permissions',
            label: 'May change',
            render: (role) =>
              shownOf(role).length === 0
                ? 'Nothing (view only)'
                : shownOf(role)
                    .map((permission) => permissionLabel[permission])
                    .join(', '),
          },
          { key: 'members', label: 'Members', secondary: true, render: (role) => role.members },
          {
            key: 'actions',
            label: 'Actions',
            render: (role) =>
              role.builtIn ? (
                <span className="muted">Built-in roles cannot be changed</span>
              ) : !canManage ? (
                <span className="muted">{onlyTeamManagers}</span>
              ) : deleteRoleRefusal(role, access.mine) ? (
                <span className="muted">{deleteRoleRefusal(role, access.mine)}</span>
              ) : (
                <DeleteRoleButton
                  role={role}
                  replacements={givableRoles(roles, access.mine).filter((choice) => choice.id !== role.id)}
                  onDeleted={(message) => {
                    setError(null);
                    setNotice(message);
                    onChanged();
                  }}
                  onFailed={(message) => {
                    setNotice(null);
                    setError(message);
                  }}
                />
              ),
          },
        ]}
      />
      {canManage ? (
        <CreateRoleForm
          access={access}
          onCreated={(role) => {
            setNotice(`The role ${role.name} was created.`);
            onChanged();
          }}
        />
      ) : access.loaded ? (
        <p className="muted">Only an admin can create or delete roles.</p>
      ) : null}
    </Panel>
  );
}

function DeleteRoleButton(props: {
  role: TeamRole;
  /** The roles its members may get instead: the ones the signed-in user may give. */
  replacements: TeamRole[];
  onDeleted: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const { role, replacements: choices } = props;
  const [replacement, setReplacement] = useState(choices[0]?.id ?? 'MEMBER');
  return (
    <ConfirmButton
      size="small"
      label="Delete"
      title={`Delete the role ${role.name}`}
      confirmLabel="Delete role"
      question={
        role.members > 0 ? (
          <SelectField
            label={`${role.members} member(s) hold ${role.name}; they become`}
            value={replacement}
            options={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
            onChange={setReplacement}
          />
        ) : (
          `Nobody holds ${role.name}; open invitations with it get the replacement role Member.`
        )
      }
      onConfirm={async () => {
        try {
          const { reassigned } = await teamApi.deleteRole(role.id, replacement);
          props.onDeleted(
            `The role ${role.name} was deleted${reassigned > 0 ? `; ${reassigned} member(s) got the new role` : ''}.`,
          );
        } catch (failure) {
          props.onFailed((failure as Error).message);
          throw failure;
        }
      }}
    />
  );
}

function CreateRoleForm({
  access,
  onCreated,
}: {
  access: PermissionState;
  onCreated: (role: TeamRole) => void;
}) {
  const start = access.can('send') ? (['send'] as Permission[]) : [];
  const form = useZodForm(formSchema('createRoleBody'), { name: '', permissions: start });
  const chosen = (form.values.permissions ?? []) as Permission[];
  const toggle = (permission: Permission, on: boolean) =>
    form.set(
      'permissions',
      buildPermissions().filter((candidate) => (candidate === permission ? on : chosen.includes(candidate))),
    );
  return (
    <form
      noValidate
      aria-labelledby="new-role-title"
      style={{ marginTop: 16 }}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (data) => {
          const role = await teamApi.createRole(data);
          form.set('name', '');
          onCreated(role);
        });
      }}
    >
      <h3 id="new-role-title">New custom role</h3>
      <FormError message={form.formError} />
      <TextField label="Role name" {...form.field('name')} />
      <fieldset style={{ border: 'none', padding: 0, margin: '0 0 12px', display: 'grid', gap: 6 }}>
        <legend>What the role may change</legend>
        {buildPermissions().map((permission) => {
          const refusal = permissionRefusal(permission, access.mine);
          return (
            <CheckboxField
              key={permission}
              label={permissionLabel[permission]}
              hint={
                refusal
                  ? `${permissionDescriptions[permission]}. ${refusal}.`
                  : permissionDescriptions[permission]
              }
              checked={chosen.includes(permission)}
              disabled={refusal !== undefined}
              onChange={(on) => toggle(permission, on)}
            />
          );
        })}
        {form.errors.permissions ? (
          <span className="app-field-error" role="alert">
            {form.errors.permissions}
          </span>
        ) : null}
      </fieldset>
      <Button type="submit" busy={form.busy}>
        Create role
      </Button>
    </form>
  );
}
