import type {
  AcceptInvitationBody,
  CreateRoleBody,
  InvitationData,
  MyPermissions,
  NotificationAlert,
  TeamMember,
  TeamMembers,
  TeamRole,
} from '@app/contract';
import { http } from '@app/shared';

/** §7 company members, roles and the caller's permissions (config API `/v1`). */
export const teamApi = {
  members: () => http.config.get<TeamMembers>('/company/members', { quiet: true }),
  invite: (email: string, role: string) =>
    http.config.post<TeamMember>('/company/members', { email, role }, { quiet: true }),
  resend: (id: string) => http.config.post<TeamMember>('/company/members/resend', { id }, { quiet: true }),
  remove: (id: string) =>
    http.config.delete<{ removed: 'member' | 'invitation' }>(`/company/members/${encodeURIComponent(id)}`, {
      quiet: true,
    }),
  changeRole: (id: string, role: string) =>
    http.config.put<TeamMember>(`/company/members/${encodeURIComponent(id)}/role`, { role }, { quiet: true }),
  invitation: (token: string) =>
    http.config.get<InvitationData>(`/company/members/invitation/${encodeURIComponent(token)}`, {
      quiet: true,
    }),
  accept: (body: AcceptInvitationBody) =>
    http.config.post<{ email: string; companyName: string }>('/company/members/validate', body, {
      quiet: true,
    }),
  roles: () => http.config.get<{ items: TeamRole[] }>('/company/roles', { quiet: true }),
  createRole: (body: CreateRoleBody) => http.config.post<TeamRole>('/company/roles', body, { quiet: true }),
  deleteRole: (id: string, replacementRoleId?: string) =>
    http.config.delete<{ deleted: string; reassigned: number }>(
      `/company/roles/${encodeURIComponent(id)}${
        replacementRoleId ? `?replacementRoleId=${encodeURIComponent(replacementRoleId)}` : ''
      }`,
      { quiet: true },
    ),
  permissions: () => http.config.get<MyPermissions>('/company/permissions', { quiet: true }),
  notificationAlert: () => http.config.get<NotificationAlert>('/notification-alert', { quiet: true }),
  setNotificationAlert: (body: NotificationAlert) =>
    http.config.put<NotificationAlert>('/notification-alert', body, { quiet: true }),
};
