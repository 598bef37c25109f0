import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../common.ts';
import { type Permission, permissions } from './permissions.ts';

export {
  buildPermissionsOf,
  marketingPermissions,
  type Permission,
  permissionLabel,
  permissionLabels,
  permissions,
  permissionsNotHeld,
  roleRefusal,
} from './permissions.ts';

/** The built-in roles: ADMIN may do everything, MEMBER reads everything and sends. */
export const builtInRoles = ['ADMIN', 'MEMBER'] as const;
export type BuiltInRole = (typeof builtInRoles)[number];

export const builtInRoleNames: Readonly<Record<BuiltInRole, string>> = { ADMIN: 'Admin', MEMBER: 'Member' };

/**
 * What MEMBER may change: sending (test mail included) and the everyday marketing work (contacts,
 * imports, labels, campaigns, automation, forms, pages, templates, files). Not what reaches outside
 * the company or cannot be undone: the team, keys, domains, subaccounts, exports, deleting contacts,
 * senders (who the company mails as), billing, the company profile.
 */
export const memberPermissions: readonly Permission[] = [
  'send',
  'contacts.manage',
  'contacts.import',
  'labels.manage',
  'campaigns.compose',
  'campaigns.send',
  'automation.manage',
  'forms.manage',
  'pages.manage',
  'marketingTemplates.manage',
  'files.manage',
];

export const isPermission = (value: string): value is Permission =>
  (permissions as readonly string[]).includes(value);

export const isBuiltInRole = (value: string): value is BuiltInRole =>
  (builtInRoles as readonly string[]).includes(value);

/** The permissions of a role: ADMIN all, MEMBER {@link memberPermissions}, a custom role its own list. */
export function permissionsOfRole(role: string, customPermissions: readonly string[] = []): Permission[] {
  if (role === 'ADMIN') return [...permissions];
  if (role === 'MEMBER') return [...memberPermissions];
  return permissions.filter((permission) => customPermissions.includes(permission));
}

/** An invitation link works this long. */
export const invitationValidDays = 7;
/** An invitation is mailed again at most once per this many seconds. */
export const invitationResendSeconds = 60;

/** A role id: ADMIN, MEMBER or a custom role's id. */
export const roleIdSchema = z.string().trim().min(1, 'Choose a role').max(64);

// ---- members ------------------------------------------------------------------------------------

export const memberStatusSchema = z.enum(['active', 'invited', 'expired']);

export const teamMemberSchema = z.object({
  /** A user's id (status active) or an invitation's id (invited, expired). */
  id: z.string(),
  email: z.string(),
  fullname: z.string(),
  role: z.string(),
  roleName: z.string(),
  status: memberStatusSchema,
  /** When the member joined (active); null for invitations. */
  joinedAt: z.string().nullable(),
  /** When the invitation was made; null for members who did not join by invitation. */
  invitedAt: z.string().nullable(),
  /** When an open invitation stops working. */
  expiresAt: z.string().nullable(),
  /** When the invitation mail last went out (null: it failed; resend at once). */
  lastSentAt: z.string().nullable(),
  /** The signed-in user. */
  you: z.boolean(),
});

export const teamMembersData = z.object({
  items: z.array(teamMemberSchema),
  /** The plan's member limit (users and open invitations); -1 = unlimited. */
  limit: z.number().int(),
  /** Users plus open invitations. */
  used: z.number().int(),
});

export const inviteMemberBody = z.object({ email: emailSchema, role: roleIdSchema });
export const memberIdParams = z.object({ id: z.string().max(64) });
export const resendInvitationBody = z.object({ id: z.string().min(1).max(64) });
export const changeMemberRoleBody = z.object({ role: roleIdSchema });

/** The public invitation page: what the link invites to. */
export const invitationParams = z.object({ id: z.string().min(1).max(128) });
export const invitationData = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.string(),
  roleName: z.string(),
  expiresAt: z.string(),
});

export const acceptInvitationBody = z.object({
  /** The token of the invitation link (`/verify/member/<id>`). */
  id: z.string().min(1).max(128),
  fullname: z.string().trim().min(1, 'Enter your full name').max(100),
  password: newPasswordSchema,
});

/** The accept form: the password typed twice. */
export const acceptInvitationForm = acceptInvitationBody
  .omit({ id: true })
  .extend({ confirm: z.string() })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match',
  });

export const acceptInvitationData = z.object({ email: z.string(), companyName: z.string() });

// ---- roles --------------------------------------------------------------------------------------

export const teamRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.enum(permissions)),
  /** Users holding the role (open invitations not counted). */
  members: z.number().int(),
});

export const teamRolesData = z.object({ items: z.array(teamRoleSchema) });

const roleName = z.string().trim().min(1, 'Enter a role name').max(60, 'At most 60 characters');
const rolePermissions = z.array(z.enum(permissions, { error: 'Unknown permission' })).max(permissions.length);

export const createRoleBody = z.object({ name: roleName, permissions: rolePermissions });
export const updateRoleBody = z.object({
  name: roleName.optional(),
  permissions: rolePermissions.optional(),
});
export const roleIdParams = z.object({ id: z.string().max(64) });
/** Deleting a role its members hold needs the role they get instead (§3 Role). */
export const deleteRoleQuery = z.object({ replacementRoleId: roleIdSchema.optional() });
export const deleteRoleBody = z.object({ replacementRoleId: roleIdSchema.optional() }).nullish();
/** §3 Role: the roles editor's lists saved at once; members of deleted roles get replacementRoleId. */
export const saveRolesBody = z.object({
  created: z.array(createRoleBody).max(50).default([]),
  updated: z
    .array(updateRoleBody.extend({ id: z.string().max(64) }))
    .max(50)
    .default([]),
  deleted: z.array(z.string().max(64)).max(50).default([]),
  replacementRoleId: roleIdSchema.optional(),
});
export const deleteRoleData = z.object({ deleted: z.string(), reassigned: z.number().int() });

// ---- the caller ---------------------------------------------------------------------------------

export const myPermissionsData = z.object({
  role: z.string(),
  roleName: z.string(),
  permissions: z.array(z.enum(permissions)),
});

export type TeamMember = z.output<typeof teamMemberSchema>;
export type TeamMembers = z.output<typeof teamMembersData>;
export type TeamRole = z.output<typeof teamRoleSchema>;
export type InviteMemberBody = z.input<typeof inviteMemberBody>;
export type InvitationData = z.output<typeof invitationData>;
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;
export type MyPermissions = z.output<typeof myPermissionsData>;
export type CreateRoleBody = z.input<typeof createRoleBody>;

/** What removing a member's id took away: the member, or an open invitation. */
export const memberRemoved = z.object({ removed: z.enum(['member', 'invitation']) });
