import { describe, expect, it } from 'vitest';
import { parseXMsysApi, removeXMsysApiHeaders } from './x-msys-api.ts';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'));
const lf = (lines: string[]) => Buffer.from(lines.join('\n'));

describe('removeXMsysApiHeaders', () => {
  it('removes a CRLF header field and returns its value', () => {
    const raw = crlf([
      'From: a@example.test',
      'X-MSYS-API: {"campaign_id":"spring"}',
      'Subject: Hi',
      '',
      'Body line',
      '',
    ]);
    const result = removeXMsysApiHeaders(raw);
    expect(result.values).toEqual(['{"campaign_id":"spring"}']);
    expect(result.raw.toString()).toBe('From: a@example.test\r\nSubject: Hi\r\n\r\nBody line\r\n');
  });

  it('removes folded fields and every occurrence, whatever the case of the name', () => {
    const raw = lf([
      'x-msys-api: {"campaign_id":',
      '\t"spring",',
      '  "tags":["a"]}',
      'Subject: Hi',
      'X-Msys-Api : {"metadata":{"user":1}}',
      'To: b@example.test',
      '',
      'Body',
    ]);
    const result = removeXMsysApiHeaders(raw);
    expect(result.values).toEqual(['{"campaign_id":\t"spring",  "tags":["a"]}', '{"metadata":{"user":1}}']);
    expect(result.raw.toString()).toBe('Subject: Hi\nTo: b@example.test\n\nBody');
  });

  it('leaves the header in the body alone', () => {
    const raw = crlf(['Subject: Hi', '', 'X-MSYS-API: {"campaign_id":"in body"}', '']);
    const result = removeXMsysApiHeaders(raw);
    expect(result.values).toEqual([]);
    expect(result.raw).toBe(raw);
  });

  it('keeps similarly named fields and non-ASCII bytes elsewhere untouched', () => {
    const raw = Buffer.concat([
      Buffer.from('X-MSYS-API-Other: keep\r\nX-MSYS-API: {"campaign_id":"caf\u00e9"}\r\nSubject: '),
      Buffer.from([0xe9, 0xff]),
      Buffer.from('\r\n\r\n'),
      Buffer.from([0x80, 0x81]),
    ]);
    const result = removeXMsysApiHeaders(raw);
    expect(result.values).toEqual(['{"campaign_id":"café"}']);
    expect(result.raw).toEqual(
      Buffer.concat([
        Buffer.from('X-MSYS-API-Other: keep\r\nSubject: '),
        Buffer.from([0xe9, 0xff]),
        Buffer.from('\r\n\r\n'),
        Buffer.from([0x80, 0x81]),
      ]),
    );
  });

  it('handles a message that is only a header block', () => {
    const result = removeXMsysApiHeaders(Buffer.from('Subject: x\nX-MSYS-API: {}'));
    expect(result.values).toEqual(['{}']);
    expect(result.raw.toString()).toBe('Subject: x\n');
  });
});

describe('parseXMsysApi', () => {
  it('is undefined without a header', () => {
    expect(parseXMsysApi([])).toEqual({ ok: true, api: undefined });
  });

  it('parses the known keys and ignores unknown ones', () => {
    const result = parseXMsysApi([
      JSON.stringify({
        campaign_id: 'spring',
        metadata: { user: 1 },
        tags: ['a', 'b'],
        options: { open_tracking: true, ip_pool: 'pool', unknown_option: 1 },
        unknown: 'x',
      }),
    ]);
    expect(result).toEqual({
      ok: true,
      api: {
        campaign_id: 'spring',
        metadata: { user: 1 },
        tags: ['a', 'b'],
        options: { open_tracking: true, ip_pool: 'pool' },
      },
    });
  });

  it('reads JSON that a client sent as RFC 2047 encoded words', () => {
    const folded = removeXMsysApiHeaders(
      crlf([
        'X-Msys-Api: =?UTF-8?Q?=7B=22campaign=5Fid=22=3A=22spring_sale?=',
        ' =?UTF-8?B?IiwidGFncyI6WyLDqXTDqSJdfQ==?=',
        '',
        'Body',
      ]),
    );
    expect(parseXMsysApi(folded.values)).toEqual({
      ok: true,
      api: { campaign_id: 'spring sale', tags: ['été'] },
    });
  });

  it('keeps plain JSON that merely looks like an encoded word', () => {
    expect(parseXMsysApi(['{"campaign_id":"=?UTF-8?Q?abc?="}'])).toEqual({
      ok: true,
      api: { campaign_id: '=?UTF-8?Q?abc?=' },
    });
  });

  it('merges several headers, later keys winning', () => {
    const result = parseXMsysApi(['{"campaign_id":"a","tags":["x"]}', '{"campaign_id":"b"}']);
    expect(result).toEqual({ ok: true, api: { campaign_id: 'b', tags: ['x'] } });
  });

  it('refuses malformed JSON and JSON that is not an object with 550 5.6.0', () => {
    for (const value of ['{"campaign_id":', '[]', '"text"', '']) {
      expect(parseXMsysApi([value])).toEqual({
        ok: false,
        refusal: { code: 550, message: '5.6.0 X-MSYS-API header is not valid JSON' },
      });
    }
  });

  it('refuses a known key of the wrong type, naming it', () => {
    const result = parseXMsysApi(['{"options":{"open_tracking":"yes"}}']);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal.code).toBe(550);
      expect(result.refusal.message).toMatch(/^5\.6\.0 X-MSYS-API header is invalid: options\.open_tracking/);
    }
  });

  it('holds the fields to the limits of POST /transmissions: campaign_id 64 bytes, metadata 10 KB, storable text, depth', () => {
    const refusal = (api: unknown) => {
      const result = parseXMsysApi([JSON.stringify(api)]);
      return result.ok ? undefined : result.refusal;
    };
    expect(refusal({ campaign_id: 'c'.repeat(64) })).toBeUndefined();
    expect(refusal({ campaign_id: 'é'.repeat(32) })).toBeUndefined();
    for (const api of [
      { campaign_id: 'c'.repeat(65) },
      { campaign_id: 'é'.repeat(33) },
      { metadata: { note: 'x'.repeat(11 * 1024) } },
      { campaign_id: 'a\u0000b' },
      { metadata: { 'k\u0000': 1 } },
      { tags: ['t\ud800'] },
    ]) {
      expect(refusal(api), JSON.stringify(api)).toMatchObject({
        code: 550,
        message: expect.stringMatching(/^5\.6\.0 X-MSYS-API header is invalid: /),
      });
    }
    const deep = `{"metadata":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    expect(parseXMsysApi([deep])).toMatchObject({ ok: false, refusal: { code: 550 } });
  });

  it('reads template_id, use_draft_template and substitution_data with the limits of POST /transmissions', () => {
    expect(
      parseXMsysApi([
        '{"template_id":"receipt","use_draft_template":true,"substitution_data":{"name":"Ann"}}',
      ]),
    ).toEqual({
      ok: true,
      api: { template_id: 'receipt', use_draft_template: true, substitution_data: { name: 'Ann' } },
    });
    for (const [api, fault] of [
      [{ template_id: '' }, 'template_id'],
      [{ template_id: 't'.repeat(65) }, 'template_id'],
      [{ template_id: 'receipt', substitution_data: { note: 'x'.repeat(101 * 1024) } }, 'substitution_data'],
      [
        { substitution_data: { name: 'Ann' } },
        'template_id: use_draft_template and substitution_data need a template_id',
      ],
      [{ use_draft_template: true }, 'template_id'],
    ] as const) {
      expect(parseXMsysApi([JSON.stringify(api)]), JSON.stringify(api)).toMatchObject({
        ok: false,
        refusal: {
          code: 550,
          message: expect.stringContaining(`5.6.0 X-MSYS-API header is invalid: ${fault}`),
        },
      });
    }
  });

  it('keeps a __proto__ key from changing the parsed object', () => {
    const result = parseXMsysApi(['{"__proto__":{"campaign_id":"sneaky"}}']);
    expect(result).toEqual({ ok: true, api: {} });
  });
});
