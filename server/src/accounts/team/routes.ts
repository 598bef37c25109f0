import { memberRemoved } from '@app/contract/accounts/team';
import {
  acceptInvitationBody,
  acceptInvitationData,
  changeMemberRoleBody,
  createRoleBody,
  deleteRoleBody,
  deleteRoleData,
  deleteRoleQuery,
  envelope,
  invitationData,
  invitationParams,
  inviteMemberBody,
  memberIdParams,
  myPermissionsData,
  resendInvitationBody,
  roleIdParams,
  saveRolesBody,
  teamMemberSchema,
  teamMembersData,
  teamRoleSchema,
  teamRolesData,
  updateRoleBody,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import type { TeamService } from './team-service.ts';

const memberTags = ['team'];
const roleTags = ['roles'];
const manageNote = 'Needs the team.manage permission (403 notAuthorized otherwise).';

export interface TeamRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  team: TeamService;
}

/** §7 company members and §6 roles: the console's team management, and the public invitation page's calls. */
export function teamRoutes(deps: TeamRouteDeps): FastifyPluginAsyncZod {
  const { team } = deps;
  const read = deps.guards.full;
  const manage = [deps.guards.full, requirePermission('team.manage')];

  return async (app) => {
    app.get(
      '/company/members',
      {
        onRequest: read,
        schema: {
          tags: memberTags,
          summary: 'The members and open invitations of the company, with their roles and status',
          security: bearerSecurity,
          response: { 200: envelope(teamMembersData) },
        },
      },
      async (request) => ({ data: await team.list(sessionOf(request)) }),
    );

    app.post(
      '/company/members',
      {
        onRequest: manage,
        schema: {
          tags: memberTags,
          summary: 'Invite an address with a role; mails it a link to /verify/member/<token>',
          description:
            `${manageNote} 409 duplicate when the address has an account (in any company) or an open ` +
            'invitation here; 409 quotaExceeded over the plan member limit (members and open invitations); ' +
            '400 invalidRole for a role the company does not have. Only an admin may invite an admin; 403 ' +
            'notAuthorized for a role giving permissions the caller does not hold.',
          security: bearerSecurity,
          body: inviteMemberBody,
          response: { 200: envelope(teamMemberSchema) },
        },
      },
      async (request) => ({ data: await team.invite(sessionOf(request), request.body, request.log) }),
    );

    app.post(
      '/company/members/resend',
      {
        onRequest: manage,
        schema: {
          tags: memberTags,
          summary: 'Mail an open invitation again, with a new link (once a minute)',
          description:
            `${manageNote} The older link stops working; 429 tooManyAttempts within a minute; 409 ` +
            'quotaExceeded when an expired invitation no longer fits the plan member limit.',
          security: bearerSecurity,
          body: resendInvitationBody,
          response: { 200: envelope(teamMemberSchema) },
        },
      },
      async (request) => ({ data: await team.resend(sessionOf(request), request.body.id) }),
    );

    app.delete(
      '/company/members/:id',
      {
        onRequest: manage,
        schema: {
          tags: memberTags,
          summary: 'Remove a member or cancel an invitation',
          description: `${manageNote} 409 modificationNotAllowed for oneself and for the last admin.`,
          security: bearerSecurity,
          params: memberIdParams,
          response: { 200: envelope(memberRemoved) },
        },
      },
      async (request) => ({ data: await team.remove(sessionOf(request), request.params.id) }),
    );

    app.put(
      '/company/members/:id/role',
      {
        onRequest: manage,
        schema: {
          tags: memberTags,
          summary: "Change a member's (or an open invitation's) role",
          description:
            `${manageNote} Not one's own role; the company always keeps an admin (409 modificationNotAllowed); ` +
            'the new role gives no permission the caller does not hold (403 notAuthorized).',
          security: bearerSecurity,
          params: memberIdParams,
          body: changeMemberRoleBody,
          response: { 200: envelope(teamMemberSchema) },
        },
      },
      async (request) => ({
        data: await team.changeRole(sessionOf(request), request.params.id, request.body.role),
      }),
    );

    app.get(
      '/company/members/invitation/:id',
      {
        config: rateLimited,
        schema: {
          tags: memberTags,
          summary: 'What an invitation link invites to (no login): company, address and role',
          description:
            '404 entityNotFound when the link is unknown, cancelled, replaced, accepted or expired.',
          params: invitationParams,
          response: { 200: envelope(invitationData) },
        },
      },
      async (request) => ({ data: await team.lookup(request.params.id) }),
    );

    app.post(
      '/company/members/validate',
      {
        config: rateLimited,
        schema: {
          tags: memberTags,
          summary: 'Accept an invitation (no login): creates the member, validated, with the invited role',
          description:
            'id is the token of the link. 404 entityNotFound for an unknown link, 410 linkUsed when already ' +
            'accepted, 409 state when expired, 409 emailRegistered when the address got an account meanwhile, ' +
            "409 quotaExceeded when the company's members fill its plan member limit.",
          body: acceptInvitationBody,
          response: { 200: envelope(acceptInvitationData) },
        },
      },
      async (request) => ({ data: await team.accept(request.body) }),
    );

    app.get(
      '/company/permissions',
      {
        onRequest: read,
        schema: {
          tags: roleTags,
          summary: "The caller's role and what it may change (reading is never restricted)",
          security: bearerSecurity,
          response: { 200: envelope(myPermissionsData) },
        },
      },
      async (request) => ({ data: await team.permissionsOf(sessionOf(request)) }),
    );

    app.get(
      '/company/roles',
      {
        onRequest: read,
        schema: {
          tags: roleTags,
          summary: 'The built-in roles (Admin, Member) and the company custom roles',
          security: bearerSecurity,
          response: { 200: envelope(teamRolesData) },
        },
      },
      async (request) => ({ data: { items: await team.roles(sessionOf(request).companyId) } }),
    );

    app.post(
      '/company/roles',
      {
        onRequest: manage,
        schema: {
          tags: roleTags,
          summary: 'Create a custom role with permissions of the shared list',
          description: `${manageNote} 409 duplicate for a name the company already uses; 403 notAuthorized for a permission the caller does not hold.`,
          security: bearerSecurity,
          body: createRoleBody,
          response: { 200: envelope(teamRoleSchema) },
        },
      },
      async (request) => ({ data: await team.createRole(sessionOf(request), request.body) }),
    );

    app.put(
      '/company/roles',
      {
        onRequest: manage,
        schema: {
          tags: roleTags,
          summary: 'Save the roles editor at once: created, updated and deleted lists (§3 Role)',
          description:
            `${manageNote} All or nothing; members and invitations of deleted roles get replacementRoleId ` +
            '(required when there are any). Answers every role after the change. Never the role the caller holds ' +
            '(409 modificationNotAllowed), never a permission it does not hold (403 notAuthorized).',
          security: bearerSecurity,
          body: saveRolesBody,
          response: { 200: envelope(teamRolesData) },
        },
      },
      async (request) => ({ data: { items: await team.saveRoles(sessionOf(request), request.body) } }),
    );

    app.put(
      '/company/roles/:id',
      {
        onRequest: manage,
        schema: {
          tags: roleTags,
          summary: 'Rename a custom role or change its permissions',
          description:
            `${manageNote} The built-in roles and the caller's own role cannot be changed (409 ` +
            'modificationNotAllowed); permissions added must be ones the caller holds (403 notAuthorized).',
          security: bearerSecurity,
          params: roleIdParams,
          body: updateRoleBody,
          response: { 200: envelope(teamRoleSchema) },
        },
      },
      async (request) => ({
        data: await team.updateRole(sessionOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/company/roles/:id',
      {
        onRequest: manage,
        schema: {
          tags: roleTags,
          summary: 'Delete a custom role; its members get replacementRoleId (query or body)',
          description: `${manageNote} replacementRoleId is required when members or invitations hold the role (400 invalidRole); not the caller's own role (409 modificationNotAllowed).`,
          security: bearerSecurity,
          params: roleIdParams,
          querystring: deleteRoleQuery,
          body: deleteRoleBody,
          response: { 200: envelope(deleteRoleData) },
        },
      },
      async (request) => {
        const replacement = request.query.replacementRoleId ?? request.body?.replacementRoleId;
        return { data: await team.deleteRole(sessionOf(request), request.params.id, replacement) };
      },
    );
  };
}
