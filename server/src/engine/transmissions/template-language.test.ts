import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller, transmit } from '../../testing/engine.ts';

/** The template language through the API: sends, previews, snippets and errors as a client sees them. */
describe.each(databases)('template language over the API, on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  let a: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'lang-a');
  });

  const sent = async (transmissionId: string) => {
    const rows = await t.db.query<{ rcpt_to: string; raw: Buffer }>(
      'SELECT rcpt_to, raw FROM messages WHERE transmission_id = $1 AND raw IS NOT NULL ORDER BY rcpt_to',
      [transmissionId],
    );
    return Promise.all(rows.map(async (row) => simpleParser(Buffer.from(row.raw))));
  };
  const eventsOf = (transmissionId: string) =>
    t.db.query<{ type: string; rcpt_to: string; reason: string }>(
      'SELECT type, rcpt_to, reason FROM message_events WHERE transmission_id = $1 ORDER BY rcpt_to',
      [transmissionId],
    );

  it('renders the same html, text and subject in a preview as in the sent message', async () => {
    const content = {
      from: { email: 'news@acme.test', name: 'Acme' },
      subject: 'Your {{ #items }} items, {{ who or "friend" }}',
      html: [
        '<h1>Hi {{who}}</h1>',
        '{{ each items }}',
        '<p>{{ loop_var.name }}: {{ loop_var.price * 2 }} — <a href="https://shop.example/i?n={{loop_var.name}}" data-msys-linkname="item">see</a></p>',
        '{{ end }}',
        '{{ if vip }}<b>VIP</b>{{ else }}regular{{ end }}',
      ].join('\n'),
      text: 'Hi {{who}}\n{{each items}}\n- {{loop_var.name}} https://shop.example/i?n={{loop_var.name}}[[data-msys-clicktrack="0"]]\n{{end}}',
    };
    const created = await call(a, 'POST', '/templates', { id: 'same-bytes', name: 'Same', content });
    expect(created.statusCode, created.body).toBe(200);
    const data = {
      who: 'Zoë <z>',
      vip: true,
      items: [
        { name: 'Mug & co', price: 4.5 },
        { name: 'Pen', price: 1 },
      ],
    };
    const preview = await call(a, 'POST', '/templates/same-bytes/preview?draft=true', {
      substitution_data: data,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json().results;
    expect(shown.links).toBeUndefined();
    expect(shown.html).toContain(
      '<p>Mug &amp; co: 9 — <a href="https://shop.example/i?n=Mug%20%26%20co">see</a></p>',
    );

    const response = await transmit(t, a, {
      // Untracked: tracking would rewrite the links and add an open pixel.
      options: { open_tracking: false, click_tracking: false },
      recipients: [{ address: 'ann@example.test', substitution_data: data }],
      content: { template_id: 'same-bytes', use_draft_template: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [message] = await sent(response.json().results.id);
    expect(message?.subject).toBe(shown.subject);
    expect(message?.html).toBe(shown.html);
    expect(message?.text).toBe(shown.text);
    expect(shown.text).toBe(
      'Hi Zoë <z>\n- Mug & co https://shop.example/i?n=Mug%20%26%20co\n- Pen https://shop.example/i?n=Pen\n',
    );
  });

  it('encodes 8-bit values: headers as RFC 2047 words, parts as quoted-printable', async () => {
    const response = await transmit(t, a, {
      // Untracked: tracking would rewrite the links and add an open pixel.
      options: { open_tracking: false, click_tracking: false },
      recipients: [{ address: 'ann@example.test', substitution_data: { city: 'Zürich ✓' } }],
      content: {
        from: 'news@acme.test',
        subject: 'News for {{city}}',
        headers: { 'X-City': '{{city}}' },
        html: '<p>{{city}}</p>',
        text: '{{city}}',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.query<{ raw: Buffer }>('SELECT raw FROM messages WHERE transmission_id = $1', [
      response.json().results.id,
    ]);
    const raw = Buffer.from(row?.raw ?? []);
    const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('latin1');
    expect([...raw].every((byte) => byte < 0x80)).toBe(true);
    expect(head).toMatch(/^Subject: =\?UTF-8\?[BQ]\?News_for_/m);
    expect(head).toMatch(/^X-City: =\?UTF-8\?/m);
    expect(raw.toString('latin1')).toContain('Content-Transfer-Encoding: quoted-printable');
    const [message] = await sent(response.json().results.id);
    expect([message?.subject, message?.html]).toEqual(['News for Zürich ✓', '<p>Zürich ✓</p>']);
  });

  it('with perform_substitutions false, sends the bodies as written but still fills in the headers', async () => {
    const inline = await transmit(t, a, {
      options: { perform_substitutions: false },
      recipients: [{ address: 'ivy@example.test', substitution_data: { who: 'Ivy' } }],
      content: {
        from: 'news@acme.test',
        subject: 'For {{who}}',
        headers: { 'X-Who': '{{who}}' },
        text: 'Prices in {{ currency }} are {{ already rendered',
      },
    });
    expect(inline.statusCode, inline.body).toBe(200);
    const [message] = await sent(inline.json().results.id);
    expect(message?.subject).toBe('For Ivy');
    expect(message?.headers.get('x-who')).toBe('Ivy');
    expect(message?.text?.trim()).toBe('Prices in {{ currency }} are {{ already rendered');

    const raw = await transmit(t, a, {
      options: { perform_substitutions: false },
      recipients: [{ address: 'ivy@example.test', substitution_data: { who: 'Ivy' } }],
      content: {
        email_rfc822:
          'From: news@acme.test\r\nSubject: Raw for {{who}}\r\n\r\nBody keeps {{who}} and {{ if as typed\r\n',
      },
    });
    expect(raw.statusCode, raw.body).toBe(200);
    const [rawMessage] = await sent(raw.json().results.id);
    expect(rawMessage?.subject).toBe('Raw for Ivy');
    expect(rawMessage?.text?.trim()).toBe('Body keeps {{who}} and {{ if as typed');
  });

  it('puts substitution_data over metadata and the recipient over the transmission', async () => {
    const response = await transmit(t, a, {
      metadata: { city: 'Lille', region: 'Nord', country: 'FR' },
      substitution_data: { city: 'Lyon', region: 'Rhône' },
      recipients: [
        {
          address: 'ann@example.test',
          metadata: { city: 'Nice', zone: 'Sud' },
          substitution_data: { city: 'Metz' },
        },
        { address: { email: 'bob@example.test', name: 'Bob' }, metadata: { city: 'Nice' } },
      ],
      content: {
        from: 'news@acme.test',
        subject: 'Hi',
        text: '{{city}}/{{region}}/{{country}}/{{zone}}/{{address.name or email}}',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const messages = await sent(response.json().results.id);
    expect(messages.map((message) => message.text?.trimEnd())).toEqual([
      'Metz/Rhône/FR/Sud/ann@example.test',
      'Nice/Rhône/FR//Bob',
    ]);
  });

  /** Stores a snippet through the API, as a client would. */
  const snippet = async (id: string, content: Record<string, string>) => {
    const created = await call(a, 'POST', '/snippets', { id, content });
    expect(created.statusCode, created.body).toBe(200);
  };

  it('renders stored snippets per part and per recipient, and fails recipients of a missing one', async () => {
    await snippet('footer', { html: '<footer>{{who}}</footer>', text: 'footer {{who}}' });
    await snippet('banner_a', { text: 'Banner A' });
    const response = await transmit(t, a, {
      // Untracked: tracking would rewrite the links and add an open pixel.
      options: { open_tracking: false, click_tracking: false },
      recipients: [
        { address: 'ann@example.test', substitution_data: { who: 'Ann', banner: 'banner_a' } },
        { address: 'bob@example.test', substitution_data: { who: 'Bob', banner: 'banner_z' } },
      ],
      content: {
        from: 'news@acme.test',
        subject: 'Hi',
        html: '<p>x</p>{{ render_snippet("footer") }}',
        text: '{{ render_snippet(banner) }}\n{{ render_snippet("footer") }}',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [message] = await sent(response.json().results.id);
    expect(message?.html).toBe('<p>x</p><footer>Ann</footer>');
    expect(message?.text).toBe('Banner A\nfooter Ann');
    const events = await eventsOf(response.json().results.id);
    expect(events.map((event) => [event.rcpt_to, event.type, event.reason])).toEqual([
      ['ann@example.test', 'injection', ''],
      ['bob@example.test', 'generation_failure', "snippet 'banner_z' does not exist"],
    ]);
  });

  it("never renders another company's snippet", async () => {
    const other = await engineAccount(t.app, t.db, 'lang-b');
    const created = await call(other, 'POST', '/snippets', { id: 'theirs', content: { text: 'secret' } });
    expect(created.statusCode, created.body).toBe(200);
    const response = await transmit(t, a, {
      recipients: [{ address: 'ann@example.test' }],
      content: { from: 'news@acme.test', subject: 'Hi', text: '{{ render_snippet("theirs") }}' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const events = await eventsOf(response.json().results.id);
    expect(events.map((event) => [event.type, event.reason])).toEqual([
      ['generation_failure', "snippet 'theirs' does not exist"],
    ]);
  });

  it('previews snippets too, and says why a preview fails', async () => {
    await snippet('sig', { html: '<i>— {{team}}</i>' });
    const content = { from: 'news@acme.test', subject: 'Hi', html: '<p>Hi</p>{{ render_snippet(sig_id) }}' };
    expect((await call(a, 'POST', '/templates', { id: 'with-sig', name: 'Sig', content })).statusCode).toBe(
      200,
    );
    const preview = await call(a, 'POST', '/templates/with-sig/preview?draft=true', {
      substitution_data: { sig_id: 'sig', team: 'Acme' },
    });
    expect(preview.json().results.html).toBe('<p>Hi</p><i>— Acme</i>');
    const missing = await call(a, 'POST', '/templates/with-sig/preview?draft=true', {
      substitution_data: { sig_id: 'gone' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].description).toBe("preview failed: snippet 'gone' does not exist");
  });

  it('refuses a whole message whose headers or text parts are not the language, at template create and at send', async () => {
    const message = (body: string) =>
      [
        'From: news@acme.test',
        'Subject: Hi {{name}}',
        'Content-Type: text/plain; charset=utf-8',
        '',
        body,
        '',
      ].join('\r\n');
    const create = await call(a, 'POST', '/templates', {
      name: 'Whole broken',
      content: { email_rfc822: message('Hello\r\n{{ if }}') },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().errors[0]).toMatchObject({ code: '3000' });
    const stored = await call(a, 'POST', '/templates', {
      name: 'Whole fine',
      content: { email_rfc822: message('Hello {{name}}') },
    });
    expect(stored.statusCode, stored.body).toBe(200);

    const send = await transmit(t, a, {
      recipients: [{ address: 'ann@example.test' }],
      content: { email_rfc822: message('{{ each }}') },
    });
    expect(send.statusCode).toBe(422);
    expect(send.json().errors[0]).toMatchObject({ code: '3000' });
    // Sent verbatim, a message is not the language's to judge.
    const verbatim = await transmit(t, a, {
      options: { perform_substitutions: false },
      recipients: [{ address: 'ann@example.test' }],
      content: { email_rfc822: message('{{ each }}') },
    });
    expect(verbatim.statusCode, verbatim.body).toBe(200);
  });

  it('refuses content that is not the language with 3000 errors naming the part and line, at create, update and send', async () => {
    const expected = (part: string, line: number, detail: string) => [
      {
        message: 'substitution language syntax error in template content',
        code: '3000',
        description: `Error while compiling part ${part}: line ${line}: ${detail}`,
        part,
        line,
      },
    ];
    const create = await call(a, 'POST', '/templates', {
      name: 'Broken',
      content: { from: 'news@acme.test', subject: 'Hi', html: '<p>\n{{ if }}\n</p>' },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().errors).toEqual(expected('html', 2, 'syntax error: an expression is missing'));

    await call(a, 'POST', '/templates', {
      id: 'fine',
      name: 'Fine',
      content: { from: 'news@acme.test', subject: 'Hi', text: 'ok' },
    });
    const update = await call(a, 'PUT', '/templates/fine', {
      content: { from: 'news@acme.test', subject: 'Hi', text: 'a\nb\n{{ each }}' },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual(expected('text', 3, 'syntax error: an expression is missing'));

    const send = await transmit(t, a, {
      recipients: [{ address: 'ann@example.test' }],
      content: { from: 'news@acme.test', subject: 'Hi {{ name or }}', text: 'x' },
    });
    expect(send.statusCode).toBe(422);
    expect(send.json().errors).toEqual(expected('subject', 1, 'syntax error: an expression is missing'));

    const handlebars = await transmit(t, a, {
      recipients: [{ address: 'ann@example.test' }],
      content: { from: 'news@acme.test', subject: 'Hi', html: '<p>\n\n{{#if vip}}VIP{{/if}}</p>' },
    });
    expect(handlebars.json().errors).toEqual(
      expected(
        'html',
        3,
        'Handlebars syntax is not supported: write {{if x}}…{{elseif y}}…{{else}}…{{end}} and {{each list}}…{{loop_var}}…{{end}}',
      ),
    );
  });
});
