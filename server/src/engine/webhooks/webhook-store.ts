import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';

export type WebhookAuthType = 'none' | 'basic' | 'oauth2';

export interface OAuthRequestDetails {
  url: string;
  body: Record<string, string>;
}

export interface BasicCredentials {
  username: string;
  password?: string;
}

export interface Webhook {
  id: string;
  companyId: string;
  /** The account that owns it: 0 the master, or a subaccount. */
  subaccountId: number;
  /** Whose events it gets: -1 the master and every subaccount, 0 the master only, n subaccount n. */
  eventSource: number;
  name: string;
  target: string;
  events: string[];
  active: boolean;
  customHeaders: Record<string, string>;
  exceptionSubaccounts: number[];
  authType: WebhookAuthType;
  authRequestDetails: OAuthRequestDetails | null;
  authCredentials: BasicCredentials | null;
  authToken: string;
  oauthToken: string | null;
  oauthExpiresAt: Date | null;
  signingSecret: string;
  lastSuccessful: Date | null;
  lastFailure: Date | null;
}

/** What a create or an update writes (every settable field). */
export type WebhookSettings = Pick<
  Webhook,
  | 'eventSource'
  | 'name'
  | 'target'
  | 'events'
  | 'active'
  | 'customHeaders'
  | 'exceptionSubaccounts'
  | 'authType'
  | 'authRequestDetails'
  | 'authCredentials'
  | 'authToken'
  | 'oauthToken'
  | 'oauthExpiresAt'
>;

/** Which webhooks a caller sees and changes: its account's; the master (acting for no subaccount) every one. */
export interface Viewer {
  companyId: string;
  subaccountId: number;
  isMaster: boolean;
}

interface Row {
  id: string;
  company_id: string;
  subaccount_id: string | number;
  event_source: string | number;
  name: string;
  target: string;
  events: string[];
  active: boolean;
  custom_headers: Record<string, string>;
  exception_subaccounts: (string | number)[];
  auth_type: WebhookAuthType;
  auth_request_details: OAuthRequestDetails | null;
  auth_credentials: BasicCredentials | null;
  auth_token: string;
  oauth_token: string | null;
  oauth_expires_at: Date | null;
  signing_secret: string;
  last_successful: Date | null;
  last_failure: Date | null;
}

const toWebhook = (row: Row): Webhook => ({
  id: row.id,
  companyId: row.company_id,
  subaccountId: Number(row.subaccount_id),
  eventSource: Number(row.event_source),
  name: row.name,
  target: row.target,
  events: row.events,
  active: row.active,
  customHeaders: row.custom_headers,
  exceptionSubaccounts: row.exception_subaccounts.map(Number),
  authType: row.auth_type,
  authRequestDetails: row.auth_request_details,
  authCredentials: row.auth_credentials,
  authToken: row.auth_token,
  oauthToken: row.oauth_token,
  oauthExpiresAt: row.oauth_expires_at,
  signingSecret: row.signing_secret,
  lastSuccessful: row.last_successful,
  lastFailure: row.last_failure,
});

const columns = `id, company_id, subaccount_id, event_source, name, target, events, active, custom_headers,
  exception_subaccounts, auth_type, auth_request_details, auth_credentials, auth_token, oauth_token,
  oauth_expires_at, signing_secret, last_successful, last_failure`;

/** Webhooks a company may have, all accounts together. */
export const maxWebhooksPerCompany = 100;

// $1 company, $2 subaccount, $3 whether the caller is the master acting for no subaccount.
const owned = 'company_id = $1 AND ($3 OR subaccount_id = $2)';
const params = (viewer: Viewer) => [viewer.companyId, viewer.subaccountId, viewer.isMaster];

const settingsParams = (settings: WebhookSettings) => [
  settings.eventSource,
  settings.name,
  settings.target,
  settings.events,
  settings.active,
  JSON.stringify(settings.customHeaders),
  settings.exceptionSubaccounts,
  settings.authType,
  settings.authRequestDetails === null ? null : JSON.stringify(settings.authRequestDetails),
  settings.authCredentials === null ? null : JSON.stringify(settings.authCredentials),
  settings.authToken,
  settings.oauthToken,
  settings.oauthExpiresAt,
];

export type WebhookStore = ReturnType<typeof createWebhookStore>;

/** The one owner of `webhooks` (settings, OAuth2 token, last outcomes). */
export function createWebhookStore(db: Db, clock: Clock) {
  return {
    /** The new webhook, or undefined when the company has as many as it may. */
    async create(
      companyId: string,
      subaccountId: number,
      settings: WebhookSettings,
      signingSecret: string,
    ): Promise<Webhook | undefined> {
      const row = await db.maybeOne<Row>(
        `INSERT INTO webhooks (id, company_id, subaccount_id, event_source, name, target, events, active,
           custom_headers, exception_subaccounts, auth_type, auth_request_details, auth_credentials, auth_token,
           oauth_token, oauth_expires_at, signing_secret, created_at, updated_at)
         SELECT $1::uuid, $2::uuid, $3::bigint, $4::bigint, $5, $6, $7::text[], $8::boolean, $9::jsonb,
           $10::bigint[], $11, $12::jsonb, $13::jsonb, $14, $15, $16::timestamptz, $17, $18::timestamptz, $18::timestamptz
         WHERE (SELECT count(*) FROM webhooks WHERE company_id = $2) < $19
         RETURNING ${columns}`,
        [
          randomUUID(),
          companyId,
          subaccountId,
          ...settingsParams(settings),
          signingSecret,
          clock.now(),
          maxWebhooksPerCompany,
        ],
      );
      return row ? toWebhook(row) : undefined;
    },

    async list(viewer: Viewer): Promise<Webhook[]> {
      const rows = await db.query<Row>(
        `SELECT ${columns} FROM webhooks WHERE ${owned} ORDER BY created_at, id`,
        params(viewer),
      );
      return rows.map(toWebhook);
    },

    /** The viewer's webhook `id`, or undefined (also for an id that is not a UUID). */
    async get(viewer: Viewer, id: string): Promise<Webhook | undefined> {
      if (!isUuid(id)) return undefined;
      const row = await db.maybeOne<Row>(`SELECT ${columns} FROM webhooks WHERE ${owned} AND id = $4`, [
        ...params(viewer),
        id,
      ]);
      return row ? toWebhook(row) : undefined;
    },

    /** For the dispatcher: a webhook by id, whoever owns it. */
    async byId(id: string): Promise<Webhook | undefined> {
      const row = await db.maybeOne<Row>(`SELECT ${columns} FROM webhooks WHERE id = $1`, [id]);
      return row ? toWebhook(row) : undefined;
    },

    async update(viewer: Viewer, id: string, settings: WebhookSettings): Promise<Webhook | undefined> {
      if (!isUuid(id)) return undefined;
      const row = await db.maybeOne<Row>(
        `UPDATE webhooks SET event_source = $5, name = $6, target = $7, events = $8::text[], active = $9,
           custom_headers = $10::jsonb, exception_subaccounts = $11::bigint[], auth_type = $12,
           auth_request_details = $13::jsonb, auth_credentials = $14::jsonb, auth_token = $15,
           oauth_token = $16, oauth_expires_at = $17::timestamptz, updated_at = $18
         WHERE ${owned} AND id = $4 RETURNING ${columns}`,
        [...params(viewer), id, ...settingsParams(settings), clock.now()],
      );
      return row ? toWebhook(row) : undefined;
    },

    /** Deletes the webhook with its queued events and batches; false when the viewer has none such. */
    async remove(viewer: Viewer, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.query(`DELETE FROM webhooks WHERE ${owned} AND id = $4 RETURNING id`, [
        ...params(viewer),
        id,
      ]);
      return rows.length > 0;
    },

    /** Keeps the OAuth2 access token fetched for a webhook (shared by every process). */
    async saveToken(id: string, token: string, expiresAt: Date): Promise<void> {
      await db.query('UPDATE webhooks SET oauth_token = $2, oauth_expires_at = $3 WHERE id = $1', [
        id,
        token,
        expiresAt,
      ]);
    },

    /** A success clears the webhook's backoff; a failure keeps it from being tried before `retryAt`. */
    async recordOutcome(id: string, outcome: 'success' | 'failure', at: Date, retryAt?: Date): Promise<void> {
      if (outcome === 'success') {
        await db.query('UPDATE webhooks SET last_successful = $2, next_attempt_at = NULL WHERE id = $1', [
          id,
          at,
        ]);
      } else {
        await db.query('UPDATE webhooks SET last_failure = $2, next_attempt_at = $3 WHERE id = $1', [
          id,
          at,
          retryAt ?? null,
        ]);
      }
    },
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => uuidPattern.test(value);
