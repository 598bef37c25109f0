import type { TeamMember, TeamMembers, TeamRole } from '@app/contract';
import {
  Alert,
  Button,
  ConfirmButton,
  ConfirmDialog,
  DataTable,
  formatUserDate,
  LinkButton,
  Panel,
  SelectField,
  Skeleton,
  StatusTag,
} from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { inviteRefusal, onlyTeamManagers, type PermissionState } from './permissions.ts';
import { givableRoles } from './role-rules.ts';
import { teamApi } from './team-api.ts';

const status: Record<TeamMember['status'], { label: string; variant: 'success' | 'primary' | 'warning' }> = {
  active: { label: 'Active', variant: 'success' },
  invited: { label: 'Invited', variant: 'primary' },
  expired: { label: 'Invitation expired', variant: 'warning' },
};

const dateOf = (iso: string | null) => (iso ? formatUserDate(iso) : '');

/** Account setting "Team": members and invitations with their role and status, and what an admin does to them. */
export function TeamSection({
  access,
  roles,
  onChanged,
}: {
  access: PermissionState;
  roles: TeamRole[];
  /** A member's role changed or a member left: role counts change. */
  onChanged: () => void;
}) {
  const [team, setTeam] = useState<TeamMembers | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [changing, setChanging] = useState<TeamMember | null>(null);
  const canManage = access.can('team.manage');

  const load = useCallback(async () => {
    try {
      setTeam(await teamApi.members());
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a change; its failure is shown on the page (and thrown on, so a dialog knows). */
  const act = async (run: () => Promise<string>) => {
    setError(null);
    setNotice(null);
    try {
      setNotice(await run());
      await load();
      onChanged();
    } catch (failure) {
      setError((failure as Error).message);
      throw failure;
    }
  };

  const full = team !== null && team.limit !== -1 && team.used >= team.limit;
  const reason = !access.loaded ? null : !canManage ? inviteRefusal : full ? limitReason(team) : null;

  return (
    <Panel
      title="Team"
      actions={
        canManage && !full ? (
          <LinkButton to="/create-member" variant="primary">
            Invite member
          </LinkButton>
        ) : (
          <Button disabled aria-describedby={reason ? 'invite-reason' : undefined}>
            Invite member
          </Button>
        )
      }
    >
      {reason ? (
        <p id="invite-reason" className="muted">
          {reason}
        </p>
      ) : null}
      {error ? <Alert type="danger">{error}</Alert> : null}
      {notice ? <Alert type="success">{notice}</Alert> : null}
      {team && team.limit !== -1 ? (
        <p className="muted">
          {team.used} of {team.limit} members (open invitations count)
        </p>
      ) : null}
      {team === null && !error ? <Skeleton label="Loading the team ..." /> : null}
      {team ? (
        <DataTable
          label="Members and invitations"
          rows={team.items}
          rowKey={(member) => member.id}
          columns={[
            {
              key: 'member',
              label: 'Member',
              render: (member) => (
                <>
                  {member.fullname ? <div>{member.fullname}</div> : null}
                  <div className={member.fullname ? 'muted' : undefined}>
                    {member.email}
                    {member.you ? ' (you)' : ''}
                  </div>
                </>
              ),
            },
            {
              key: 'role',
              label: 'Role',
              render: (member) => <span style={{ whiteSpace: 'nowrap' }}>{member.roleName}</span>,
            },
            {
              key: 'status',
              label: 'Status',
              render: (member) => (
                <StatusTag variant={status[member.status].variant}>{status[member.status].label}</StatusTag>
              ),
            },
            {
              key: 'since',
              label: 'Since',
              secondary: true,
              render: (member) =>
                member.status === 'active'
                  ? `Joined ${dateOf(member.joinedAt)}`
                  : `Invited ${dateOf(member.invitedAt)}`,
            },
            {
              key: 'actions',
              label: 'Actions',
              render: (member) => {
                if (member.you)
                  return <span className="muted">You cannot change your own role or remove yourself</span>;
                if (!canManage) return <span className="muted">{onlyTeamManagers}</span>;
                const invitation = member.status !== 'active';
                return (
                  <div className="app-page-actions">
                    <Button size="small" variant="secondary" onClick={() => setChanging(member)}>
                      Change role
                    </Button>
                    {invitation ? (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() =>
                          void act(async () => {
                            await teamApi.resend(member.id);
                            return `Invitation sent again to ${member.email}.`;
                          }).catch(() => undefined)
                        }
                      >
                        Resend invitation
                      </Button>
                    ) : null}
                    <ConfirmButton
                      size="small"
                      label={invitation ? 'Cancel invitation' : 'Remove'}
                      title={invitation ? 'Cancel the invitation' : 'Remove the member'}
                      question={
                        invitation
                          ? `The link mailed to ${member.email} stops working.`
                          : `${member.email} loses access to the company at once.`
                      }
                      confirmLabel={invitation ? 'Cancel invitation' : 'Remove member'}
                      onConfirm={() =>
                        act(async () => {
                          const { removed } = await teamApi.remove(member.id);
                          return removed === 'member'
                            ? `${member.email} was removed from the team.`
                            : `The invitation to ${member.email} was cancelled.`;
                        })
                      }
                    />
                  </div>
                );
              },
            },
          ]}
        />
      ) : null}
      {changing ? (
        <ChangeRoleDialog
          member={changing}
          roles={givableRoles(roles, access.mine)}
          onClose={() => setChanging(null)}
          onSave={(role) =>
            act(async () => {
              const changed = await teamApi.changeRole(changing.id, role);
              return `${changing.email} is now ${changed.roleName}.`;
            })
          }
        />
      ) : null}
    </Panel>
  );
}

function limitReason(team: TeamMembers | null) {
  return `Your plan allows ${team?.limit} members, invitations included. Remove a member or cancel an invitation first.`;
}

function ChangeRoleDialog(props: {
  member: TeamMember;
  roles: TeamRole[];
  onClose: () => void;
  onSave: (role: string) => Promise<void>;
}) {
  const [role, setRole] = useState(props.member.role);
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open
      title={`Role of ${props.member.email}`}
      confirmLabel="Save role"
      busy={busy}
      onCancel={props.onClose}
      onConfirm={() => {
        setBusy(true);
        props
          .onSave(role)
          .catch(() => undefined)
          .finally(() => {
            setBusy(false);
            props.onClose();
          });
      }}
    >
      <SelectField
        label="Role"
        value={role}
        options={props.roles.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        hint="Only roles whose permissions you hold yourself are offered."
        onChange={setRole}
      />
    </ConfirmDialog>
  );
}
