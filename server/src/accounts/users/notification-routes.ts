import { envelope, notificationAlertSchema } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { UserStore } from './user-store.ts';

export interface NotificationRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  users: Pick<UserStore, 'preferences' | 'setPreferences'>;
}

const toAlert = (row: { usage_alert: boolean; usage_alert_percent: number }) => ({
  usageAlert: row.usage_alert,
  usageAlertPercent: row.usage_alert_percent,
});

/** §7 GET and PUT /notification-alert: the signed-in user's own alert mails (any role may set its own). */
export function notificationRoutes(deps: NotificationRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notification-alert',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['users'],
          summary: 'My usage alert: on or off, and at what percent of the monthly quota',
          security: bearerSecurity,
          response: { 200: envelope(notificationAlertSchema) },
        },
      },
      async (request) => ({ data: toAlert(await deps.users.preferences(sessionOf(request).userId)) }),
    );

    app.put(
      '/notification-alert',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Set my usage alert',
          security: bearerSecurity,
          body: notificationAlertSchema,
          response: { 200: envelope(notificationAlertSchema) },
        },
      },
      async (request) => ({
        data: toAlert(await deps.users.setPreferences(sessionOf(request).userId, request.body)),
      }),
    );
  };
}
