import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentParts, RenderOptions } from './render.ts';
import { CompileError, compileContent, GenerationError, MAX_RENDERED_BYTES } from './render.ts';

const FROM = { email: 'shop@example.com', name: 'Shop' };

function render(
  parts: Partial<ContentParts>,
  data: Record<string, unknown> = {},
  options: RenderOptions = {},
  address?: { email: string; name?: string },
) {
  return compileContent({ subject: 'Subject', from: FROM, ...parts }, options).render(data, address);
}

function renderError(parts: Partial<ContentParts>, data: Record<string, unknown> = {}): GenerationError {
  try {
    render(parts, data);
  } catch (error) {
    if (error instanceof GenerationError) return error;
    throw error;
  }
  throw new Error('expected a GenerationError');
}

function compileError(parts: Partial<ContentParts>): CompileError {
  try {
    compileContent({ subject: 'Subject', from: FROM, ...parts }, {});
  } catch (error) {
    if (error instanceof CompileError) return error;
    throw error;
  }
  throw new Error('expected a CompileError');
}

describe('substitution language', () => {
  const value = `<b>Tom & "Jerry"</b>`;

  it('HTML-escapes {{var}} in html and amp_html, but not {{{var}}}', () => {
    const out = render({ html: '<p>{{v}}|{{{v}}}</p>', amp_html: '<p>{{v}}|{{{v}}}</p>' }, { v: value });
    const escaped = '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;&#x2F;b&gt;';
    expect(out.html).toBe(`<p>${escaped}|${value}</p>`);
    expect(out.amp_html).toBe(`<p>${escaped}|${value}</p>`);
  });

  it('escapes nothing in subject, text, from name, reply_to and header values', () => {
    const out = render(
      {
        subject: 'Hi {{v}}',
        text: 'Text {{v}} {{{v}}}',
        from: { email: 'shop@example.com', name: '{{v}}' },
        reply_to: '{{v}} <reply@example.com>',
        headers: { 'X-Note': '{{v}}' },
      },
      { v: value },
    );
    expect(out.subject).toBe(`Hi ${value}`);
    expect(out.text).toBe(`Text ${value} ${value}`);
    expect(out.from).toEqual({ email: 'shop@example.com', name: value });
    expect(out.reply_to).toBe(`${value} <reply@example.com>`);
    expect(out.headers).toEqual({ 'X-Note': value });
  });

  it('resolves dotted paths and renders missing variables as empty', () => {
    const out = render(
      { subject: 'Order {{order.id}}', text: '[{{order.missing}}][{{nothing.at.all}}][{{nope}}]' },
      { order: { id: 'A-17' } },
    );
    expect(out.subject).toBe('Order A-17');
    expect(out.text).toBe('[][][]');
  });

  it('supports if/else and not', () => {
    const parts = { text: '{{if vip}}VIP{{else}}regular{{end}} {{if not paid}}please pay{{end}}' };
    expect(render(parts, { vip: true, paid: false }).text).toBe('VIP please pay');
    expect(render(parts, { vip: false, paid: true }).text).toBe('regular ');
  });

  it('iterates arrays with loop_var and loop_index', () => {
    const out = render(
      { text: '{{each items}}{{loop_index}}={{loop_var}};{{end}}{{if empty(none)}}none{{end}}' },
      { items: ['a', 'b'], none: [] },
    );
    expect(out.text).toBe('0=a;1=b;none');
  });

  it('exposes the recipient address unless the data defines address', () => {
    const parts = { text: '{{address.email}} / {{address.name}}' };
    expect(render(parts, {}, {}, { email: 'ann@example.com', name: 'Ann' }).text).toBe(
      'ann@example.com / Ann',
    );
    expect(
      render(parts, { address: { email: 'own@example.com' } }, {}, { email: 'ann@example.com' }).text,
    ).toBe('own@example.com / ');
  });

  it('prints a brace after a tag as text', () => {
    expect(render({ text: '{{x}}}|{{{x}}}}' }, { x: 'X' }).text).toBe('X}|X}');
  });

  it('renders nothing for prototype properties and does not log about them', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const out = render(
      {
        text: [
          '{{constructor.name}}',
          '{{__proto__}}',
          '{{toString}}',
          '{{obj.constructor.constructor}}',
          "{{obj['constructor']}}",
          '{{each __proto__}}{{loop_var}}{{end}}',
          '{{#constructor}}',
        ].join('|'),
      },
      { obj: { a: 1 } },
    );
    expect(out.text).toBe('||||||0');
    // An array named __proto__ is read through loop_vars like any other.
    const looped = JSON.parse('{"box": {"__proto__": ["a", "b"]}}') as Record<string, unknown>;
    expect(
      render({ text: '{{each box.__proto__}}{{loop_vars.__proto__}}{{loop_vars.toString}};{{end}}' }, looped)
        .text,
    ).toBe('a;b;');
    // A "__proto__" key in JSON data stays an ordinary key; it does not make its contents look inherited.
    const data = JSON.parse('{"__proto__": {"polluted": "yes"}}') as Record<string, unknown>;
    expect(render({ text: '[{{polluted}}]' }, data).text).toBe('[]');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('options', () => {
  it('leaves the bodies verbatim but still substitutes the headers when performSubstitutions is false', () => {
    const out = render(
      {
        subject: 'Hi {{name}}',
        html: '<p>{{name}} {{if x}} {{ render_snippet("s") }}</p>',
        text: 'Raw {{ and {{name}}',
        from: { email: 'shop@example.com', name: '{{name}} at Shop' },
        headers: { 'X-A': '{{name}}' },
      },
      { name: 'Ann' },
      { performSubstitutions: false },
    );
    expect(out.subject).toBe('Hi Ann');
    expect(out.from).toEqual({ email: 'shop@example.com', name: 'Ann at Shop' });
    expect(out.headers).toEqual({ 'X-A': 'Ann' });
    expect(out.html).toBe('<p>{{name}} {{if x}} {{ render_snippet("s") }}</p>');
    expect(out.text).toBe('Raw {{ and {{name}}');
  });

  it('inlines <style> rules into style attributes when inlineCss is set', () => {
    const html =
      '<html><head><style>.note { color: red; }</style></head><body><p class="note">{{msg}}</p></body></html>';
    const inlined = render({ html }, { msg: 'hi' }, { inlineCss: true }).html ?? '';
    expect(inlined).toMatch(/<p class="note" style="color: red;?">hi<\/p>/);
    expect(inlined).not.toContain('<style>');
    expect(render({ html }, { msg: 'hi' }).html).toContain('<style>.note');
  });
});

describe('text part', () => {
  it('is generated from the rendered html when absent, keeping links readable', () => {
    const out = render(
      {
        html: '<h1>Hello</h1><p>Hi {{name}}, <a href="https://example.com/reset?t={{token}}">reset your password</a>.</p>',
      },
      { name: 'Ann & Bob', token: 'abc' },
    );
    expect(out.text).toContain('Hi Ann & Bob, reset your password [https://example.com/reset?t=abc]');
    expect(out.text).not.toContain('<');
  });

  it('is rendered from its own template when given', () => {
    expect(render({ html: '<p>html</p>', text: 'plain {{x}}' }, { x: 1 }).text).toBe('plain 1');
  });
});

describe('compile errors', () => {
  it('names the part and the line of a block that is not closed', () => {
    const error = compileError({ html: '<p>\n{{if vip}}VIP\n</p>' });
    expect(error.part).toBe('html');
    expect(error.message).toBe('part html: line 2: the {{if}} block opened here is not closed with {{end}}');
    expect(compileError({ subject: '{{if x}}' }).part).toBe('subject');
    expect(compileError({ headers: { 'X-A': '{{each x}}' } }).part).toBe('headers.X-A');
  });

  it('reports a stray end, else or elseif with its line', () => {
    expect(compileError({ text: 'a\n{{end}}' }).message).toBe(
      'part text: line 2: {{end}} without an open {{if}} or {{each}}',
    );
    expect(compileError({ text: '{{each l}}\n{{else}}{{end}}' }).line).toBe(2);
    expect(compileError({ text: '{{if a}}{{else}}{{elseif b}}{{end}}' }).message).toContain(
      '{{elseif}} without an open {{if}}',
    );
  });

  it('says so when a tag is Handlebars rather than the language', () => {
    for (const tag of [
      '{{#if a}}',
      '{{/if}}',
      '{{^list}}',
      '{{> footer}}',
      '{{! note }}',
      '{{else if b}}',
      '{{#each l}}',
    ]) {
      expect(compileError({ text: `x\n${tag}` }).message).toBe(
        'part text: line 2: Handlebars syntax is not supported: write {{if x}}…{{elseif y}}…{{else}}…{{end}} and {{each list}}…{{loop_var}}…{{end}}',
      );
    }
    expect(render({ text: '{{#items}} {{ # items }}' }, { items: [1, 2] }).text).toBe('2 2');
  });

  it('reports syntax errors near the token, unclosed tags and unknown macros', () => {
    expect(compileError({ text: 'x\n\n{{ age >> 3 }}' }).message).toBe(
      "part text: line 3: syntax error near '>'",
    );
    expect(compileError({ html: 'Hi {{name' }).message).toBe('part html: line 1: {{ is not closed with }}');
    expect(compileError({ text: 'a {{ }} b' }).message).toBe(
      'part text: line 1: syntax error: an expression is missing',
    );
    expect(compileError({ html: '{{ log("x") }}' }).message).toContain('unknown macro log()');
    expect(compileError({ html: '{{ empty() }}' }).message).toContain('empty() takes one argument');
    expect(compileError({ from: { email: '{{if x}}' } }).part).toBe('from.email');
    expect(compileError({ subject: '{{ render_snippet("a") }}' }).message).toContain(
      'can only be used in the html, amp_html and text parts',
    );
  });
});

describe('generation_rejection', () => {
  it('rejects an empty subject after substitution', () => {
    const error = renderError({ subject: '{{title}}' }, { title: '  ' });
    expect(error.kind).toBe('generation_rejection');
    expect(error.reason).toContain('subject is empty');
  });

  it('rejects a line break in the subject or a header value', () => {
    expect(renderError({ subject: 'Hi {{n}}' }, { n: 'x\r\nBcc: a@evil.test' }).kind).toBe(
      'generation_rejection',
    );
    const error = renderError({ headers: { 'X-Ref': '{{ref}}' } }, { ref: 'a\r\nBcc: victim@example.com' });
    expect(error.kind).toBe('generation_rejection');
    expect(error.reason).toContain('header X-Ref');
  });

  it('rejects a from address that is not valid after substitution', () => {
    const error = renderError({ from: { email: '{{sender}}@example.com' } }, {});
    expect(error.kind).toBe('generation_rejection');
    expect(error.reason).toContain('"@example.com"');
    expect(render({ from: { email: '{{sender}}@example.com' } }, { sender: 'news' }).from.email).toBe(
      'news@example.com',
    );
  });
});

describe('generation_failure', () => {
  it('fails when the substitution data is not an object', () => {
    const compiled = compileContent({ subject: 'x', from: FROM }, {});
    expect(() => compiled.render([] as unknown as Record<string, unknown>)).toThrow(
      expect.objectContaining({ kind: 'generation_failure' }),
    );
  });

  it('fails when the rendered bodies exceed 20 MB', () => {
    const error = renderError({ html: '<p>{{big}}</p>' }, { big: 'x'.repeat(MAX_RENDERED_BYTES) });
    expect(error.kind).toBe('generation_failure');
    expect(error.reason).toContain('20 MB');
  });

  it('shares one loop budget between the renders of a transmission', () => {
    const compiled = compileContent({ subject: 'x', from: FROM, text: '{{each l}}.{{end}}' }, {});
    const data = { l: Array.from({ length: 300 }, (_, i) => i) };
    // Each item costs two steps: its iteration and the text inside the loop.
    const budget = { loopStepsLeft: 1000 };
    expect(compiled.render(data, undefined, budget).text).toBe('.'.repeat(300));
    expect(budget.loopStepsLeft).toBe(400);
    expect(() => compiled.render(data, undefined, budget)).toThrow(
      expect.objectContaining({
        kind: 'generation_failure',
        reason:
          'template loops and dynamic content took more than 50,000,000 steps, the limit per transmission',
      }),
    );
    // A render without a budget of its own gets a whole one.
    expect(compiled.render(data).text).toBe('.'.repeat(300));
  });

  it('charges the body of a loop, so a short loop over a large body runs out too', () => {
    const body = '{{if missing}}never{{end}}'.repeat(1_000);
    const compiled = compileContent({ subject: 'x', from: FROM, text: `{{each l}}${body}-{{end}}` }, {});
    const data = { l: Array.from({ length: 50 }, (_, i) => i) };
    expect(() => compiled.render(data, undefined, { loopStepsLeft: 10_000 })).toThrow(
      expect.objectContaining({ kind: 'generation_failure' }),
    );
    expect(compiled.render(data, undefined, { loopStepsLeft: 60_000 }).text).toBe('-'.repeat(50));
  });

  it('charges dynamic content rendered outside any loop', () => {
    const chunk = '{{if missing}}never{{end}}'.repeat(100);
    const compiled = compileContent(
      { subject: 'x', from: FROM, html: '{{render_dynamic_content(dynamic_html.c)}}'.repeat(20) },
      {},
    );
    const budget = { loopStepsLeft: 1_000 };
    expect(() => compiled.render({ dynamic_html: { c: chunk } }, undefined, budget)).toThrow(
      expect.objectContaining({ kind: 'generation_failure' }),
    );
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
