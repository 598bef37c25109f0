import { describe, expect, it } from 'vitest';
import type { ContentParts, SnippetContents } from './render.ts';
import { compileContent, GenerationError, snippetIdsIn, templateLimits } from './render.ts';

const FROM = { email: 'shop@example.com' };

const snippets: SnippetContents = {
  footer: {
    html: '<footer>Hi {{name}} — <a href="https://shop.example/?n={{name}}">shop</a></footer>',
    text: 'Bye {{name}}',
    amp_html: '<footer>amp {{name}}</footer>',
  },
  promo_a: { text: 'Promo A' },
  promo_b: { text: 'Promo B' },
  nesting: { html: '{{ render_snippet("footer") }}' },
};

function render(parts: Partial<ContentParts>, data: Record<string, unknown>, given = snippets) {
  return compileContent({ subject: 's', from: FROM, ...parts }).render(data, undefined, undefined, given);
}

function failure(parts: Partial<ContentParts>, data: Record<string, unknown> = {}, given = snippets): string {
  try {
    render(parts, data, given);
  } catch (error) {
    if (error instanceof GenerationError && error.kind === 'generation_failure') return error.reason;
    throw error;
  }
  throw new Error('expected a generation failure');
}

describe('render_snippet', () => {
  it("renders the snippet's part for each part, with the recipient's data", () => {
    const out = render(
      {
        html: '<main>x</main>\n{{ render_snippet( "footer" ) }}\n',
        text: 'x\n{{ render_snippet("footer") }}',
        amp_html: '{{render_snippet("footer")}}',
      },
      { name: 'Zoë <3' },
    );
    expect(out.html).toBe(
      '<main>x</main>\n<footer>Hi Zoë &lt;3 — <a href="https://shop.example/?n=Zo%C3%AB%20%3C3">shop</a></footer>\n',
    );
    expect(out.text).toBe('x\nBye Zoë <3');
    expect(out.amp_html).toBe('<footer>amp Zoë &lt;3</footer>');
  });

  it('takes the snippet id from the data, per recipient', () => {
    const compiled = compileContent({
      subject: 's',
      from: FROM,
      text: 'Banner: {{ render_snippet(banner) }}',
    });
    expect(compiled.render({ banner: 'promo_a' }, undefined, undefined, snippets).text).toBe(
      'Banner: Promo A',
    );
    expect(compiled.render({ banner: 'promo_b' }, undefined, undefined, snippets).text).toBe(
      'Banner: Promo B',
    );
  });

  it('renders an empty string for a part the snippet does not have', () => {
    expect(render({ html: '[{{ render_snippet("promo_a") }}]', text: 't' }, {}).html).toBe('[]');
  });

  it('fails generation for a snippet that does not exist, and without a snippet store', () => {
    expect(failure({ text: '{{ render_snippet("nope") }}' })).toBe("snippet 'nope' does not exist");
    expect(failure({ text: '{{ render_snippet("footer") }}' }, {}, {})).toBe(
      "snippet 'footer' does not exist",
    );
  });

  it('fails generation for a snippet that calls a snippet or renders dynamic content', () => {
    expect(failure({ html: '{{ render_snippet("nesting") }}', text: 't' })).toBe(
      'render_snippet() cannot be used inside snippet',
    );
    const dynamic = { dynamic_html: { a: '{{ render_snippet("footer") }}' } };
    expect(failure({ html: '{{ render_dynamic_content(dynamic_html.a) }}', text: 't' }, dynamic)).toBe(
      'render_snippet() cannot be used inside dynamic content',
    );
  });

  it('fails generation when a snippet does not parse, naming it and the line', () => {
    expect(failure({ text: '{{ render_snippet("bad") }}' }, {}, { bad: { text: 'a\n{{ if }}' } })).toBe(
      'part snippet bad: line 2: syntax error: an expression is missing',
    );
  });

  it('fails generation for a part calling render_snippet more than 5 times', () => {
    const six = '{{ render_snippet("promo_a") }}'.repeat(6);
    expect(failure({ text: six })).toBe(
      'the text part calls render_snippet() 6 times; at most 5 are allowed',
    );
    const five = '{{ render_snippet("promo_a") }}'.repeat(5);
    expect(render({ text: five }, {}).text).toBe('Promo A'.repeat(5));
    // Each part has its own five: the same snippets in html and text are not counted twice.
    expect(render({ html: five, text: five }, {}).text).toBe('Promo A'.repeat(5));
  });
});

describe('snippetIdsIn', () => {
  it('lists the ids written in the body parts and those the data names', async () => {
    const parts = {
      html: '{{ render_snippet("footer") }}{{ if x }}{{ render_snippet(banner) }}{{ end }}',
      text: "{{ render_snippet('footer') }} {{ render_snippet(user.pick) }}",
    };
    expect(await snippetIdsIn(parts)).toEqual(['footer']);
    expect(
      await snippetIdsIn(parts, [
        { banner: 'promo_a' },
        { banner: 'promo_b', user: { pick: 'promo_a' } },
        {},
      ]),
    ).toEqual(['footer', 'promo_a', 'promo_b']);
    expect(await snippetIdsIn({ html: '<p>no snippets</p>', text: '{{ render_snippet( }}' })).toEqual([]);
  });

  it('reads the ids many recipients name, and refuses a part with more render_snippet() tags than the limit', async () => {
    const recipients = Array.from({ length: 5_000 }, (_, index) => ({ pick: `s${index % 3}` }));
    expect((await snippetIdsIn({ html: '{{ render_snippet(pick) }}' }, recipients)).sort()).toEqual([
      's0',
      's1',
      's2',
    ]);
    const html = '{{ render_snippet("a") }}'.repeat(templateLimits.maxSnippetCallSites + 1);
    expect(() => compileContent({ subject: 's', from: { email: 'a@b.test' }, html })).toThrow(
      /more than 50 render_snippet\(\) tags/,
    );
  });
});
