import type { WebhookCreateBody, WebhookView } from '@app/contract';
import { type FormSchema, humanIssueMessage } from '@app/shared';

export type AuthType = WebhookCreateBody['auth_type'];

/** What the webhook form edits, one string or list per field. */
export interface WebhookFormValues {
  name: string;
  target: string;
  events: string[];
  active: boolean;
  authType: AuthType;
  username: string;
  password: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export type WebhookBody = Omit<WebhookCreateBody, 'auth_type' | 'active'> & {
  auth_type: AuthType;
  active: boolean;
};

export const emptyWebhook: WebhookFormValues = {
  name: '',
  target: '',
  events: [],
  active: true,
  authType: 'none',
  username: '',
  password: '',
  tokenUrl: '',
  clientId: '',
  clientSecret: '',
};

/** The form's values of an existing webhook (one webhook's view holds its credentials). */
export function valuesOf(view: WebhookView): WebhookFormValues {
  const credentials = view.auth_credentials as { username?: string; password?: string };
  const details = view.auth_request_details as { url?: string; body?: Record<string, string> };
  return {
    name: view.name,
    target: view.target,
    events: [...view.events],
    active: view.active,
    authType: view.auth_type,
    username: credentials.username ?? '',
    password: credentials.password ?? '',
    tokenUrl: details.url ?? '',
    clientId: details.body?.client_id ?? '',
    clientSecret: details.body?.client_secret ?? '',
  };
}

/** The engine's body for these values (SparkPost's webhook fields; OAuth2 as client credentials). */
export function bodyOf(values: WebhookFormValues): WebhookBody {
  const body: WebhookBody = {
    name: values.name.trim(),
    target: values.target.trim(),
    events: values.events,
    active: values.active,
    auth_type: values.authType,
  };
  if (values.authType === 'basic')
    body.auth_credentials = { username: values.username.trim(), password: values.password };
  if (values.authType === 'oauth2') {
    body.auth_request_details = {
      url: values.tokenUrl.trim(),
      body: {
        client_id: values.clientId.trim(),
        client_secret: values.clientSecret,
        grant_type: 'client_credentials',
      },
    };
  }
  return body;
}

/** Only what changed since `before`: an unchanged target or auth is not proven again by the engine. */
export function changesOf(before: WebhookBody, after: WebhookBody): Partial<WebhookBody> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key as keyof WebhookBody])) changed[key] = value;
  }
  return changed as Partial<WebhookBody>;
}

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The form field each body path belongs to. */
const fieldOfPath: Record<string, keyof WebhookFormValues> = {
  name: 'name',
  target: 'target',
  events: 'events',
  'auth_credentials.username': 'username',
  'auth_credentials.password': 'password',
  'auth_request_details.url': 'tokenUrl',
};

/** Each mistake next to its field, before anything is sent; empty when the values can be sent. */
export function formErrors(
  values: WebhookFormValues,
  schema: FormSchema<'webhookCreateBody'>,
): Partial<Record<keyof WebhookFormValues, string>> {
  const errors: Partial<Record<keyof WebhookFormValues, string>> = {};
  if (!values.name.trim()) errors.name = 'Enter a name for the webhook';
  if (!values.target.trim()) errors.target = 'Enter the URL that receives the events';
  else if (!isWebUrl(values.target.trim()))
    errors.target = 'Enter a full http:// or https:// URL, e.g. https://example.com/webhooks';
  if (values.events.length === 0) errors.events = 'Choose at least one event';
  if (values.authType === 'basic') {
    if (!values.username.trim()) errors.username = 'Enter the username';
    if (!values.password) errors.password = 'Enter the password';
  }
  if (values.authType === 'oauth2') {
    if (!values.clientId.trim()) errors.clientId = 'Enter the client ID';
    if (!values.clientSecret) errors.clientSecret = 'Enter the client secret';
    if (!values.tokenUrl.trim()) errors.tokenUrl = 'Enter the token URL';
    else if (!isWebUrl(values.tokenUrl.trim()))
      errors.tokenUrl = 'Enter a full http:// or https:// URL, e.g. https://auth.example.com/oauth/token';
  }
  const parsed = schema.safeParse(bodyOf(values), { error: humanIssueMessage });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath[issue.path.join('.')];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}
