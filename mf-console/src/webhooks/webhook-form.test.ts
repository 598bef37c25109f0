import type { WebhookView } from '@app/contract';
import { webhookCreateBody } from '@app/contract/engine/webhooks';
import { describe, expect, it } from 'vitest';
import { bodyOf, changesOf, emptyWebhook, formErrors, valuesOf } from './webhook-form.ts';

const filled = {
  ...emptyWebhook,
  name: 'Orders',
  target: 'https://hooks.example.com/in',
  events: ['delivery'],
};

describe('the webhook form', () => {
  it('names each missing or wrong field before sending', () => {
    expect(formErrors(emptyWebhook, webhookCreateBody)).toEqual({
      name: 'Enter a name for the webhook',
      target: 'Enter the URL that receives the events',
      events: 'Choose at least one event',
    });
    expect(formErrors({ ...filled, target: 'ftp://x.test' }, webhookCreateBody).target).toMatch(
      /http:\/\/ or https:\/\//,
    );
    expect(formErrors({ ...filled, authType: 'basic' }, webhookCreateBody)).toEqual({
      username: 'Enter the username',
      password: 'Enter the password',
    });
    expect(formErrors({ ...filled, authType: 'oauth2', tokenUrl: 'nope' }, webhookCreateBody)).toEqual({
      clientId: 'Enter the client ID',
      clientSecret: 'Enter the client secret',
      tokenUrl: expect.stringMatching(/^Enter a full http/),
    });
    expect(formErrors({ ...filled, name: 'x'.repeat(1025) }, webhookCreateBody).name).toBe(
      'Use at most 1024 characters',
    );
    expect(formErrors(filled, webhookCreateBody)).toEqual({});
  });

  it('sends basic credentials or OAuth2 client credentials as SparkPost expects them', () => {
    expect(bodyOf({ ...filled, authType: 'basic', username: ' me ', password: 'pw' })).toMatchObject({
      auth_type: 'basic',
      auth_credentials: { username: 'me', password: 'pw' },
    });
    const oauth = bodyOf({
      ...filled,
      authType: 'oauth2',
      clientId: 'id',
      clientSecret: 'secret',
      tokenUrl: 'https://auth.example.com/token',
    });
    expect(oauth.auth_request_details).toEqual({
      url: 'https://auth.example.com/token',
      body: { client_id: 'id', client_secret: 'secret', grant_type: 'client_credentials' },
    });
    expect(bodyOf(filled)).not.toHaveProperty('auth_credentials');
  });

  it('reads a webhook back into the form and sends only what changed', () => {
    const view: WebhookView = {
      id: 'w1',
      name: 'Orders',
      target: 'https://hooks.example.com/in',
      events: ['delivery', 'bounce'],
      active: true,
      auth_type: 'oauth2',
      auth_request_details: {
        url: 'https://auth.example.com/token',
        body: { client_id: 'id', client_secret: 'secret', grant_type: 'client_credentials' },
      },
      auth_credentials: {},
      auth_token: '',
      links: [],
    };
    const values = valuesOf(view);
    expect(values).toMatchObject({ authType: 'oauth2', clientId: 'id', clientSecret: 'secret' });
    const before = bodyOf(values);
    expect(changesOf(before, bodyOf({ ...values, name: 'Renamed' }))).toEqual({ name: 'Renamed' });
    expect(changesOf(before, bodyOf(values))).toEqual({});
  });
});
