import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { compileRfc822 } from './rfc822.ts';
import { createRenderBudget } from './template.ts';

const render = (source: string, data: Record<string, unknown>, bodies = true) =>
  compileRfc822(source, bodies)(data, createRenderBudget());

const multipart = [
  'From: shop@example.com',
  'Subject: Order for {{who}}',
  'Content-Type: multipart/mixed; boundary="outer"',
  '',
  'preamble {{who}}',
  '--outer',
  'Content-Type: multipart/alternative; boundary=inner',
  '',
  '--inner',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  '{{if plan =3D=3D "gold"}}Gold member {{who}}{{else}}Member{{end}} https://shop.exam=',
  'ple/?u=3D{{who}}[[data-msys-clicktrack=3D"0"]]',
  '--inner',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p><a href="https://shop.example/" data-msys-linkname="home">{{who}}</a></p>',
  '--inner--',
  '--outer',
  'Content-Type: text/plain',
  'Content-Disposition: attachment; filename="notes.txt"',
  '',
  'kept {{who}}',
  '--outer--',
  'epilogue',
].join('\r\n');

describe('email_rfc822 substitution', () => {
  it('renders the headers and the first text and html parts: decoded, escaped, without tracking attributes, re-encoded', async () => {
    const raw = render(multipart, { who: 'Zoë <z>', plan: 'gold' });
    expect(raw).toContain('Subject: Order for Zoë <z>');
    expect(raw).toContain('preamble {{who}}');
    expect(raw).toContain('kept {{who}}');
    expect(raw).toContain('epilogue');
    const mail = await simpleParser(raw);
    expect(mail.text?.trim()).toBe('Gold member Zoë <z> https://shop.example/?u=Zo%C3%AB%20%3Cz%3E');
    expect(mail.html).toBe('<p><a href="https://shop.example/">Zoë &lt;z&gt;</a></p>');
    expect(mail.attachments[0]?.content.toString()).toBe('kept {{who}}');
  });

  it('leaves a plain 7-bit message unencoded when nothing 8-bit comes in', () => {
    expect(render('Subject: Hi {{n}}\n\nBody {{n}}\n', { n: 'Ann' })).toBe('Subject: Hi Ann\n\nBody Ann\n');
  });

  it('substitutes the headers only when bodies are not substituted', () => {
    expect(render('Subject: Hi {{n}}\n\nBody {{n}} {{ if\n', { n: 'Ann' }, false)).toBe(
      'Subject: Hi Ann\n\nBody {{n}} {{ if\n',
    );
  });
});
