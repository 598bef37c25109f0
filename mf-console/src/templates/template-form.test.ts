import { parseSampleData } from '@app/shared';
import { templateFormSchema } from '@app/shared/forms/template-form';
import { describe, expect, it } from 'vitest';
import { bodyOf, emptyTemplate, valuesOf } from './template-form.ts';
import { pageOf, searchTemplates } from './template-search.ts';
import { templateCurlSnippet } from './template-snippet.ts';

const filled = {
  ...emptyTemplate,
  name: 'Welcome',
  fromEmail: 'hello@acme.test',
  fromName: 'Acme',
  subject: 'Hi {{first_name}}',
  html: '<p>Hi {{first_name}}</p>',
  sampleData: '{"first_name": "Ada"}',
};

describe('template form', () => {
  it('asks for a name, a sender, a subject and a body, and for sample data that is a JSON object', () => {
    const result = templateFormSchema.safeParse({ ...emptyTemplate, sampleData: '[1]' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages).toEqual({
      name: 'A name is required',
      fromEmail: 'A from address is required',
      subject: 'A subject is required',
      html: 'Write the HTML or the text version',
      sampleData: 'The sample data must be a JSON object, e.g. {"first_name": "Ada"}',
    });
    expect(parseSampleData('{"a":')).toMatchObject({
      error: expect.stringMatching(/^The sample data is not valid JSON: /),
    });
    expect(templateFormSchema.safeParse({ ...filled, fromEmail: '{{sender}}' }).success).toBe(true);
    expect(templateFormSchema.safeParse({ ...filled, id: 'has space' }).success).toBe(false);
  });

  it('makes the engine body and reads it back', () => {
    const body = bodyOf(filled, true);
    expect(body).toEqual({
      name: 'Welcome',
      description: '',
      options: { open_tracking: true, click_tracking: true },
      content: {
        from: { email: 'hello@acme.test', name: 'Acme' },
        subject: 'Hi {{first_name}}',
        html: '<p>Hi {{first_name}}</p>',
      },
      substitution_data: { first_name: 'Ada' },
      published: true,
    });
    const back = valuesOf({
      ...body,
      id: 'welcome',
      published: true,
      has_draft: false,
      has_published: true,
      last_update_time: '2026-01-01T00:00:00.000Z',
    });
    expect(back).toEqual({ ...filled, id: 'welcome', sampleData: '{\n  "first_name": "Ada"\n}' });
  });
});

describe('template list and snippet', () => {
  const summary = (id: string, name: string, time: string) => ({
    id,
    name,
    description: '',
    published: true,
    has_draft: false,
    has_published: true,
    last_update_time: time,
  });
  it('searches names and ids, newest first, and pages', () => {
    const all = [summary('a-1', 'Welcome', '2026-01-01'), summary('reset', 'Password', '2026-02-01')];
    expect(searchTemplates(all, ' WEL ').map((t) => t.id)).toEqual(['a-1']);
    expect(searchTemplates(all, 'reset').map((t) => t.id)).toEqual(['reset']);
    expect(searchTemplates(all, '').map((t) => t.id)).toEqual(['reset', 'a-1']);
    expect(pageOf([1, 2, 3, 4, 5], 9, 2)).toEqual({ rows: [5], page: 3, pages: 3 });
  });

  it('sends the template by id with its data', () => {
    const snippet = templateCurlSnippet('https://mail.test/api/v1', 'KEY', 'welcome', {
      first_name: "O'Hara",
    });
    expect(snippet).toContain("curl -X POST 'https://mail.test/api/v1/transmissions'");
    expect(snippet).toContain(`"content":{"template_id":"welcome"}`);
    expect(snippet).toContain(`"first_name":"O'\\''Hara"`);
  });
});
