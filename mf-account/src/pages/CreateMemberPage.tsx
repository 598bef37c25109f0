import type { TeamRole } from '@app/contract';
import {
  Alert,
  AppLink,
  Button,
  FormError,
  formSchema,
  Page,
  Panel,
  SelectField,
  TextField,
  useZodForm,
} from '@app/shared';
import { useEffect, useState } from 'react';
import { inviteRefusal, useMyPermissions } from '../team/permissions.ts';
import { givableRoles } from '../team/role-rules.ts';
import { teamApi } from '../team/team-api.ts';

/** /create-member: invite an address with a role (§2, §7 POST /company/members). */
export function CreateMemberPage() {
  const access = useMyPermissions();
  const [roles, setRoles] = useState<TeamRole[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(formSchema('inviteMemberBody'), { email: '', role: 'MEMBER' });
  const canInvite = access.can('team.manage');
  const givable = givableRoles(roles, access.mine);

  useEffect(() => {
    teamApi
      .roles()
      .then((data) => setRoles(data.items))
      .catch((failure: Error) => form.setFormError(failure.message));
  }, [form.setFormError]);

  return (
    <Page
      title="Invite member"
      description="The invited address gets a link to join the team; it works for 7 days."
    >
      <div style={{ maxWidth: 640 }}>
        <Panel>
          {access.loaded && !canInvite ? <Alert type="warning">{inviteRefusal}</Alert> : null}
          {sent ? (
            <Alert type="success">
              Invitation sent to <strong>{sent}</strong>.
            </Alert>
          ) : null}
          <form
            noValidate
            aria-label="Invite member"
            onSubmit={(event) => {
              event.preventDefault();
              setSent(null);
              void form.submit(async (data) => {
                const invited = await teamApi.invite(data.email, data.role);
                setSent(invited.email);
                form.set('email', '');
              });
            }}
          >
            <FormError message={form.formError} />
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              disabled={!canInvite}
              {...form.field('email')}
            />
            <SelectField
              label="Role"
              value={form.values.role}
              options={givable.map((role) => ({ value: role.id, label: role.name }))}
              error={form.errors.role}
              disabled={!canInvite}
              onChange={(value) => form.set('role', value)}
            />
            <div className="app-page-actions">
              <Button type="submit" busy={form.busy} disabled={!canInvite}>
                Send invitation
              </Button>
              <AppLink to="/account-setting">Back to account setting</AppLink>
            </div>
          </form>
        </Panel>
      </div>
    </Page>
  );
}
