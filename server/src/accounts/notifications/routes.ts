import {
  envelope,
  okData,
  userNotificationParams,
  userNotificationQuery,
  userNotificationSchema,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { NotificationStore } from './notification-store.ts';

const tags = ['notifications'];

export interface UserNotificationRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  notifications: Pick<NotificationStore, 'list' | 'markRead'>;
  clock: Clock;
}

/** §7 GET /notifications: the signed-in user's own notifications; marking one read. */
export function userNotificationRoutes(deps: UserNotificationRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications',
      {
        onRequest: deps.guards.full,
        schema: {
          tags,
          summary: 'My notifications, newest first (unread=true: only the unread ones)',
          security: bearerSecurity,
          querystring: userNotificationQuery,
          response: { 200: envelope(z.array(userNotificationSchema)) },
        },
      },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const found = await deps.notifications.list(
          companyId,
          userId,
          request.query.size,
          request.query.unread === 'true',
        );
        return { data: found.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })) };
      },
    );

    app.post(
      '/notifications/:id/read',
      {
        onRequest: deps.guards.full,
        schema: {
          tags,
          summary: 'Mark one of my notifications read',
          security: bearerSecurity,
          params: userNotificationParams,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const { id } = request.params;
        const found = await deps.notifications.markRead(companyId, userId, id, deps.clock.now());
        if (!found) throw new DomainError('entityNotFound', 'Notification not found');
        return { data: true as const };
      },
    );
  };
}
