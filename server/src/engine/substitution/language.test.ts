import { describe, expect, it } from 'vitest';
import type { ContentParts } from './render.ts';
import { compileContent } from './render.ts';

/** Each example of the reference's template-language page, in our own words and data. */

const FROM = { email: 'shop@example.com' };

function html(source: string, data: Record<string, unknown> = {}): string {
  return compileContent({ subject: 's', from: FROM, html: source, text: 't' }).render(data).html ?? '';
}

function text(source: string, data: Record<string, unknown> = {}): string {
  return compileContent({ subject: 's', from: FROM, text: source }).render(data).text ?? '';
}

function render(parts: Partial<ContentParts>, data: Record<string, unknown>) {
  return compileContent({ subject: 's', from: FROM, ...parts }).render(data);
}

describe('expressions', () => {
  it('ignores whitespace inside the braces', () => {
    expect(text('{{ greeting }}|{{greeting}}|{{   greeting    }}', { greeting: 'Hi 🙂' })).toBe(
      'Hi 🙂|Hi 🙂|Hi 🙂',
    );
  });

  it('prints nothing for missing and null values', () => {
    const data = { pet: 'Rex', owner: null, breed: 'Beagle' };
    expect(text('- {{pet}}\n- {{owner}}\n- {{breed}}\n- {{vet}}', data)).toBe('- Rex\n- \n- Beagle\n- ');
  });

  it('falls back to a default with or', () => {
    expect(text("Dear {{ first_name or 'friend' }}", { first_name: null })).toBe('Dear friend');
    expect(text("Dear {{ first_name or 'friend' }}", { first_name: 'Ada' })).toBe('Dear Ada');
  });

  it('reads nested paths with dots, quoted keys and keys from variables', () => {
    const data = { shop: { city: 'Lyon', country: 'France' }, field: 'country' };
    expect(text('{{shop.city}}/{{shop[\'city\']}}/{{shop["city"]}}/{{shop[field]}}', data)).toBe(
      'Lyon/Lyon/Lyon/France',
    );
  });

  it('counts array positions from 1, with dots after them', () => {
    const data = { kids: ['Mia', 'Leo'], basket: [{ sku: 'A-1' }, { sku: 'B-2' }] };
    expect(
      text('{{ kids[1] }} and {{ kids[2] }}; first sku {{ basket[1].sku }}; {{kids[0]}}{{kids[3]}}.', data),
    ).toBe('Mia and Leo; first sku A-1; .');
  });

  it('escapes {{ }} in html but not {{{ }}}', () => {
    const data = { note: '<i>Sale</i>' };
    expect(html('Escaped: {{note}}\nRaw: {{{note}}}', data)).toBe(
      'Escaped: &lt;i&gt;Sale&lt;&#x2F;i&gt;\nRaw: <i>Sale</i>',
    );
  });

  it('does arithmetic and prints numbers as JSON has them', () => {
    expect(
      text('Now €{{cost - 4}} instead of €{{cost}}; {{cost * 2}} {{cost / 4}} {{cost + 0.5}}', { cost: 12 }),
    ).toBe('Now €8 instead of €12; 24 3 12.5');
    expect(text('{{price}}', { price: 5.0 })).toBe('5');
  });

  it('prints fractions without binary noise, and whole numbers whole', () => {
    const data = { tax: 0.1, fee: 0.2, unit: 19.99, count: 3, huge: 1e21, tiny: 2.5e-7, zero: -0 };
    expect(
      text(
        '{{tax + fee}} {{unit * count}} {{unit * count * 100}} {{huge}} {{tiny}} {{zero}} {{ 10 / 4 }}',
        data,
      ),
    ).toBe('0.3 59.97 5997 1e+21 2.5e-7 0 2.5');
  });

  it('gives the length of an array with #', () => {
    expect(text('Sizes: {{#sizes}}', { sizes: ['S', 'M', 'L'] })).toBe('Sizes: 3');
  });
});

describe('statements', () => {
  it('leave no blank line behind when alone on a line', () => {
    const source = 'Top\n{{ if region == "EU" }}\nEurope\n{{ end }}\nBottom';
    expect(text(source, { region: 'EU' })).toBe('Top\nEurope\nBottom');
    expect(text(source, { region: 'US' })).toBe('Top\nBottom');
  });

  it('join text after end to the line above', () => {
    expect(text('{{ if town == "Lyon" }}\nLyon\n{{ end }}, France', { town: 'Lyon' })).toBe('Lyon, France');
    expect(text('{{ if town == "Lyon" }}\nLyon\n{{ end }}\nFrance', { town: 'Lyon' })).toBe('Lyon\nFrance');
  });

  it('keep inline conditionals inline', () => {
    expect(text('Hello\n{{if vip}}VIP{{end}} guest', { vip: true })).toBe('Hello\nVIP guest');
  });

  it('branch with if, elseif and else, with an optional then', () => {
    const source =
      '{{if member then}}\nHello member\n{{elseif declined}}\nNo more mail\n{{else}}\nJoin us\n{{end}}';
    expect(text(source, { member: true })).toBe('Hello member\n');
    expect(text(source, { declined: true })).toBe('No more mail\n');
    expect(text(source, {})).toBe('Join us\n');
  });

  it('compare and combine with relational and logical operators', () => {
    const source =
      '{{if not member}}join{{end}}|{{if years > 3}}loyal{{else}}new{{end}}|' +
      '{{if home.zone == "EU"}}eu{{end}}|{{if years >= 3 and home.zone != "US"}}both{{end}}|' +
      '{{if years < 3 or years <= 1}}short{{end}}';
    expect(text(source, { member: false, years: 4, home: { zone: 'EU' } })).toBe('join|loyal|eu|both|');
    expect(text(source, { member: true, years: 1, home: { zone: 'US' } })).toBe('|new|||short');
  });

  it('loops over strings with loop_var', () => {
    expect(text('{{ each pets }}\nYour pet {{loop_var}}\n{{ end }}', { pets: ['Rex', 'Tom'] })).toBe(
      'Your pet Rex\nYour pet Tom\n',
    );
  });

  it('loops over objects with dotted loop_var and counts with loop_index', () => {
    const data = {
      basket: [
        { name: 'Scarf', price: 19.5 },
        { name: 'Hat', price: 8.0 },
      ],
    };
    expect(
      text(
        'In your basket:\n{{each basket}}\n{{loop_index}}. {{loop_var.name}}: {{loop_var.price}}\n{{end}}',
        data,
      ),
    ).toBe('In your basket:\n0. Scarf: 19.5\n1. Hat: 8\n');
  });

  it('renders nothing for an empty or null list', () => {
    expect(text('[{{each l}}x{{end}}][{{each m}}x{{end}}]', { l: [], m: null })).toBe('[][]');
  });

  it('names the item of each nested loop with loop_vars', () => {
    const source = [
      '===',
      '{{each orders}}',
      'Order: {{loop_vars.orders.ref}}',
      'Lines:',
      '{{each loop_vars.orders.lines}}',
      '  - {{loop_vars.lines.sku}} (order {{loop_vars.orders.ref}})',
      '{{end}}',
      '===',
      '{{end}}',
    ].join('\n');
    const data = {
      orders: [{ ref: 'R1', lines: [{ sku: 'k9' }, { sku: 'k7' }] }, { ref: 'R2' }],
    };
    expect(text(source, data)).toBe(
      '===\nOrder: R1\nLines:\n  - k9 (order R1)\n  - k7 (order R1)\n===\nOrder: R2\nLines:\n===\n',
    );
  });
});

describe('macros', () => {
  it('empty() tells an empty list', () => {
    const source = [
      '{{ if not empty(basket) }}',
      '<ul>',
      '{{ each basket }}',
      '  <li>{{loop_var.name}} €{{loop_var.price}}</li>',
      '{{ end }}',
      '</ul>',
      '{{ else }}',
      '<p>Your basket is empty</p>',
      '{{ end }}',
    ].join('\n');
    expect(
      html(source, {
        basket: [
          { name: 'Scarf', price: 19.5 },
          { name: 'Hat', price: 8 },
        ],
      }),
    ).toBe('<ul>\n  <li>Scarf €19.5</li>\n  <li>Hat €8</li>\n</ul>\n');
    expect(html(source, { basket: [] })).toBe('<p>Your basket is empty</p>\n');
  });

  it('prints braces with the brace macros', () => {
    expect(
      text(
        'A {{ opening_double_curly() }}x{{ closing_double_curly() }} {{opening_single_curly()}}{{closing_single_curly()}} {{{opening_triple_curly()}}}{{closing_triple_curly()}}',
      ),
    ).toBe('A {{x}} {} {{{}}}');
    expect(html('{{ opening_double_curly() }}')).toBe('{{');
  });

  it('renders dynamic content with the data, unescaped, links encoded', () => {
    const data = {
      dynamic_html: { promo: '<p><a href="https://shop.example/deal?who={{login}}">Open</a></p>' },
      login: 'ada lovelace',
    };
    expect(html('<div>\n{{ render_dynamic_content(dynamic_html.promo) }}\n</div>', data)).toBe(
      '<div>\n<p><a href="https://shop.example/deal?who=ada%20lovelace">Open</a></p>\n</div>',
    );
  });

  it('renders dynamic content picked by a loop variable', () => {
    const data = {
      who: 'Ada',
      picks: ['a', 'c'],
      dynamic_html: {
        a: '<a href="http://deals.example/a?n={{who}}">Kettle</a>',
        b: '<a href="http://deals.example/b?n={{who}}">Toaster</a>',
        c: '<a href="http://deals.example/c?n={{who}}">Blender</a>',
      },
      dynamic_plain: { a: 'Kettle for {{who}}', c: 'Blender for {{who}} ({{loop_var}})' },
    };
    expect(
      html(
        '<ol>\n{{each picks}}\n  <li>{{render_dynamic_content(dynamic_html[loop_var])}}</li>\n{{end}}\n</ol>',
        data,
      ),
    ).toBe(
      '<ol>\n  <li><a href="http://deals.example/a?n=Ada">Kettle</a></li>\n  <li><a href="http://deals.example/c?n=Ada">Blender</a></li>\n</ol>',
    );
    expect(text('{{each picks}}\n* {{render_dynamic_content(dynamic_plain[loop_var])}}\n{{end}}', data)).toBe(
      '* Kettle for Ada\n* Blender for Ada (c)\n',
    );
    const amp = render(
      { amp_html: '<p>{{each picks}}{{render_dynamic_content(dynamic_amp_html[loop_var])}}{{end}}</p>' },
      { ...data, dynamic_amp_html: { a: '<b>{{who}}</b>', c: '<i>c</i>' } },
    );
    expect(amp.amp_html).toBe('<p><b>Ada</b><i>c</i></p>');
  });

  it('refuses unknown macros when compiling', () => {
    expect(() => text('{{ shout(name) }}')).toThrow(/unknown macro shout\(\)/);
  });
});

describe('links', () => {
  it('URL-encodes {{ }} inside a link, in html and text', () => {
    const data = { member: 'ada', code: 'Half Price!' };
    expect(html('Deal:\n<a href="https://shop.example/deals?m={{member}}&c={{code}}">Open</a>', data)).toBe(
      'Deal:\n<a href="https://shop.example/deals?m=ada&c=Half%20Price%21">Open</a>',
    );
    expect(text('Open https://shop.example/deals?c={{code}} now, {{code}}', data)).toBe(
      'Open https://shop.example/deals?c=Half%20Price%21 now, Half Price!',
    );
  });

  it('leaves links in the subject and headers as written: only body parts encode', () => {
    const out = render(
      {
        subject: 'See https://shop.example/?q={{q}}',
        headers: { 'List-Unsubscribe': '<https://shop.example/u?e={{q}}>' },
      },
      { q: 'a b&c' },
    );
    expect(out.subject).toBe('See https://shop.example/?q=a b&c');
    expect(out.headers).toEqual({ 'List-Unsubscribe': '<https://shop.example/u?e=a b&c>' });
  });

  it('leaves {{{ }}} inside a link as it is', () => {
    const data = { site: 'shop.example/club', tail: 'club/join?m=ada' };
    expect(
      html('<a href="https://{{{site}}}">a</a>\n<a href="http://shop.example/{{{tail}}}">b</a>', data),
    ).toBe('<a href="https://shop.example/club">a</a>\n<a href="http://shop.example/club/join?m=ada">b</a>');
  });

  it('keeps links in blocks apart from the block words', () => {
    const source = '{{if host}}\nhttps://{{{host}}}/\n{{else}}\nhttps://shop.example/\n{{end}}';
    expect(text(source, { host: 'eu.shop.example' })).toBe('https://eu.shop.example/\n');
    expect(text(source, {})).toBe('https://shop.example/\n');
  });
});

describe('data sources', () => {
  it('prefers substitution_data to metadata and the recipient to the transmission', async () => {
    const { mergeSubstitutionData } = await import('./data.ts');
    const data = mergeSubstitutionData(
      { city: 'template' },
      { city: 'Oslo' },
      { city: 'Bergen' },
      { city: 'Tromsø' },
      { city: 'Bodø' },
    );
    expect(text('Hello, {{city}}!', data)).toBe('Hello, Bodø!');
  });

  it('offers the reserved recipient variables', () => {
    const compiled = compileContent({
      subject: 's',
      from: FROM,
      text: '{{address.name}} <{{address.email}}> {{email}} {{email_id}} {{env_from}} {{return_path}}',
    });
    expect(
      compiled.render({}, { email: 'ada@example.com', name: 'Ada', returnPath: 'bounce@shop.example' }).text,
    ).toBe('Ada <ada@example.com> ada@example.com ada@example.com bounce@shop.example bounce@shop.example');
  });

  it('does not take reserved words as variable names', () => {
    expect(() => text('{{ while }}')).toThrow(/reserved word/);
  });
});

describe('amp-mustache templates', () => {
  it('keeps amp-mustache tags for the email client and renders ours', () => {
    const source = [
      '<amp-list src="https://shop.example/basket.json" layout="fixed-height" height="80">',
      '<template type="amp-mustache">',
      'Basket of {{sparkpost_who}}:',
      '{{#items}}<span>{{name}}</span> {{{price}}}{{/items}}',
      '{{^items}}Nothing yet.{{/items}} {{opening_double_curly()}}',
      '</template>',
      '</amp-list>',
      '{{name}}',
    ].join('\n');
    const out = render({ amp_html: source }, { sparkpost_who: 'Ada', name: '<Ada>' }).amp_html;
    expect(out).toBe(
      [
        '<amp-list src="https://shop.example/basket.json" layout="fixed-height" height="80">',
        '<template type="amp-mustache">',
        'Basket of Ada:',
        '{{#items}}<span>{{name}}</span> {{{price}}}{{/items}}',
        '{{^items}}Nothing yet.{{/items}} {{',
        '</template>',
        '</amp-list>',
        '&lt;Ada&gt;',
      ].join('\n'),
    );
  });
});
