import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { type ComposeInput, createComposer } from './compose.ts';

const content = {
  from: { email: 'news@acme.test', name: 'Acme' },
  subject: 'Hello',
  html: '<p>Hello there</p>',
  text: 'Hello there',
};

const input = (rcptTo: ComposeInput['rcptTo'], n: number): ComposeInput => ({
  content,
  rcptTo,
  messageId: `<m${n}@acme.test>`,
  date: new Date(Date.UTC(2026, 10, 22, 8, n)),
});

describe('composer', () => {
  it('gives each recipient of the same content their own To, Message-ID and Date', async () => {
    const composer = createComposer();
    const first = await composer.compose(input({ email: 'ann@example.test', name: 'Ann Lee' }, 1));
    const second = await composer.compose(input({ email: 'bob@example.test' }, 2));
    const quoted = await composer.compose(input({ email: 'cy@example.test', name: 'Lee, Cy' }, 3));
    const [a, b, c] = await Promise.all([first, second, quoted].map((raw) => simpleParser(raw)));
    expect(a?.to).toMatchObject({ value: [{ address: 'ann@example.test', name: 'Ann Lee' }] });
    expect(b?.to).toMatchObject({ value: [{ address: 'bob@example.test', name: '' }] });
    expect(c?.to).toMatchObject({ value: [{ address: 'cy@example.test', name: 'Lee, Cy' }] });
    expect([a?.messageId, b?.messageId, c?.messageId]).toEqual([
      '<m1@acme.test>',
      '<m2@acme.test>',
      '<m3@acme.test>',
    ]);
    expect(b?.date?.toISOString()).toBe('2026-11-22T08:02:00.000Z');
    expect(b?.subject).toBe('Hello');
    expect(b?.text?.trim()).toBe('Hello there');
    expect(b?.html).toContain('<p>Hello there</p>');
    expect(second.toString()).not.toContain('placeholder');
  });

  it('composes in full when the To needs encoding or header_to is set', async () => {
    const composer = createComposer();
    const raw = await composer.compose(input({ email: 'zoe@example.test', name: 'Zoë' }, 4));
    const parsed = await simpleParser(raw);
    expect(parsed.to).toMatchObject({ value: [{ address: 'zoe@example.test', name: 'Zoë' }] });
    const copy = await simpleParser(
      await composer.compose({ ...input({ email: 'cc@example.test' }, 5), headerTo: 'main@example.test' }),
    );
    expect(copy.to).toMatchObject({ value: [{ address: 'main@example.test' }] });
  });
});
