import type { DesignBlock, EmailDesign } from '@app/contract/editor/design';
import type { FastifyInstance } from 'fastify';
import type { RenderDesign } from '../content/email-designs/render/render-design.ts';
import type { EngineAccount } from './engine.ts';

/** A text block as the editor makes it. */
export const textBlock = (id = 'b1', html = '<p>Hello {{name}}</p>'): DesignBlock => ({
  id,
  type: 'text',
  style: { paddingY: 10, paddingX: 10, background: 'transparent', align: 'left', hideOnMobile: false },
  props: { html, color: '#111111', fontSize: 14, lineHeight: 1.5 },
});

/** A valid design; `message` fields override the sender and subject. */
export const sampleDesign = (message: Partial<EmailDesign['message']> = {}): EmailDesign => ({
  version: 1,
  global: {
    width: 600,
    background: '#f4f4f4',
    contentBackground: '#ffffff',
    fontFamily: 'Arial, Helvetica, sans-serif',
    textColor: '#111111',
    linkColor: '#0b57d0',
    preheader: '',
  },
  message: {
    subject: 'Hello {{name}}',
    fromEmail: 'news@acme.test',
    fromName: 'Acme',
    replyTo: '',
    ...message,
  },
  blocks: [textBlock()],
});

/** Marks a design the fake renderer reports MJML findings for. */
export const findingsPreheader = 'make-findings';

/** Stands in for the MJML renderer: fixed mail, findings when the preheader asks for them. */
export const fakeRenderDesign: RenderDesign = async (_companyId, design) => ({
  mjml: '<mjml></mjml>',
  html: `<html><body><p>${design.message.subject || 'Hello'} {{name}}</p></body></html>`,
  text: 'Hello {{name}}',
  findings:
    design.global.preheader === findingsPreheader
      ? [{ line: 3, tag: 'mj-text', message: 'Attribute colour is illegal' }]
      : [],
  assets: {},
});

/** A fresh embed token of `account` (its master account unless `subaccount`). */
export async function embedToken(
  app: FastifyInstance,
  account: EngineAccount,
  body: { template_id?: string; ttl_seconds?: number } = {},
  subaccount?: number,
): Promise<string> {
  const headers: Record<string, string> = { authorization: account.key };
  if (subaccount !== undefined) headers['x-msys-subaccount'] = String(subaccount);
  const created = await app.inject({ method: 'POST', url: '/api/v1/embed-tokens', headers, payload: body });
  if (created.statusCode !== 200) throw new Error(`embed token failed: ${created.body}`);
  return created.json().results.token;
}

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS';

/** An /embed/v1 request with `token` as its bearer. */
export function embedCall(
  app: FastifyInstance,
  token: string,
  method: Method,
  path: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/embed/v1${path}`,
    headers: { authorization: `Bearer ${token}`, origin: 'https://vendor.example' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
