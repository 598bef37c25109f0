import { describe, expect, it } from 'vitest';
import { pageDocument } from './page-document.ts';

const mjmlLike =
  '<!doctype html><html lang="en"><head><title></title><style>p{}</style></head><body style="margin:0"><div><p>Hi</p></div></body></html>';
const setting = { title: '', description: '', noIndex: false };

describe('a hosted page document', () => {
  it('carries its title, description and robots rule, escaped, and the form module only when it shows forms', () => {
    const html = pageDocument(mjmlLike, {
      name: 'Sale <now>',
      setting: { title: '', description: 'Ten "percent" off', noIndex: true },
      hasForms: false,
    });
    expect(html).toContain('<title>Sale &lt;now&gt;</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Ten &quot;percent&quot; off">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('signup-form.js');
    expect(pageDocument(mjmlLike, { name: 'x', setting, hasForms: true })).toContain(
      '<script type="module" src="/embed/signup-form.js"></script></head>',
    );
  });

  it('puts the content in one main landmark, with the title as a hidden h1 when the design has none', () => {
    const html = pageDocument(mjmlLike, { name: 'Spring', setting, hasForms: false });
    expect(html).toMatch(
      /<body style="margin:0"><main><h1 style="[^"]+">Spring<\/h1><div><p>Hi<\/p><\/div><\/main><\/body>/,
    );
    const own = pageDocument(mjmlLike.replace('<p>Hi</p>', '<h1>Own</h1>'), {
      name: 'Spring',
      setting,
      hasForms: false,
    });
    expect(own.match(/<h1/g)).toHaveLength(1);
  });
});
