import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractLinks } from './links.ts';
import { compileContent, createRenderBudget } from './render.ts';
import { compilePart } from './template.ts';

const FROM = { email: 'shop@example.com' };

/** Pieces of html templates; every `<` in them is the template's own. */
const htmlPieces = [
  '<p>{{ v }}</p>',
  'text {{v}} ',
  '<a href="https://shop.example/?q={{v}}&r={{ obj.k }}">l</a>',
  '{{each list}}<li>{{loop_var}} {{loop_var.k}}</li>{{end}}',
  '{{if v}}<b>{{v}}</b>{{elseif obj}}{{obj.k}}{{else}}-{{end}}',
  "{{ v or 'd' }}",
  '{{ obj[key] }}',
  '{{ list[1] }}\n',
  '{{ render_dynamic_content(dynamic_html.chunk) }}',
];

const unsafe = fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", '/', 'a', ' ', '{', '}', 'é') });

const countOf = (text: string, char: string) => text.split(char).length - 1;

describe('properties', () => {
  it('never lets a < from the data through {{ }} in html or amp_html', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...htmlPieces), { minLength: 1, maxLength: 12 }),
        unsafe,
        fc.array(unsafe, { maxLength: 4 }),
        unsafe,
        (pieces, value, list, key) => {
          const source = pieces.join('');
          const compiled = compileContent({ subject: 's', from: FROM, html: source, amp_html: source });
          const data = (text: (s: string) => string) => ({
            v: text(value),
            list: list.map(text),
            obj: { k: text(value), [key]: text(key) },
            key,
            dynamic_html: { chunk: '<i>{{v}}</i>' },
          });
          const withData = compiled.render(data((s) => s));
          const plain = compiled.render(data((s) => s.replace(/[^a]/g, 'a')));
          for (const part of ['html', 'amp_html'] as const) {
            expect(countOf(withData[part] ?? '', '<')).toBe(countOf(plain[part] ?? '', '<'));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('renders in steps proportional to the template: four copies take at most four times the steps', () => {
    const pieces = [...htmlPieces, '{{each list}}{{each list}}.{{end}}{{end}}', '{{ #list + 1 }}'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 20 }), (chosen) => {
        const source = chosen.join('');
        const data = { v: 'x', list: ['a', 'b', 'c'], obj: { k: 1 }, key: 'k', dynamic_html: { chunk: 'c' } };
        const steps = (template: string) => {
          const budget = createRenderBudget();
          compilePart('html', template, 'html')(data, budget);
          return budget.steps ?? 0;
        };
        const once = steps(source);
        // Fewer when the text at the seams of two copies joins into one piece.
        expect(steps(source.repeat(4))).toBeLessThanOrEqual(4 * once);
        expect(steps(source.repeat(4))).toBeGreaterThanOrEqual(3 * once);
      }),
      { numRuns: 100 },
    );
  });

  it('parses and renders hostile content in time linear in its size', () => {
    const hostile = [
      (n: number) => `${'{{ a }}'.repeat(n / 7)}`,
      (n: number) => `${'http://'.repeat(n / 7)}`,
      (n: number) => `<a ${'x="'.repeat(n / 3)}`,
      (n: number) => `https://x/${'[['.repeat(n / 2)}`,
      (n: number) => `{{ ${'a.'.repeat(400)}b }}`.repeat(n / 800),
      (n: number) => `{{ a or ${'b or '.repeat(400)}c }}`.repeat(n / 2000),
      (n: number) => `{{ "${'x'.repeat(n)}" }}`,
      (n: number) => `${'{{if a}}{{end}}\n  '.repeat(n / 18)}`,
      (n: number) => `${'<template type=amp-mustache>{{x}}'.repeat(n / 34)}`,
      (n: number) => `<template${' <template'.repeat(n / 10)}`,
      (n: number) => 'https://x[[a="'.repeat(n / 14),
      (n: number) => `https://x/${').'.repeat(n / 2)}`,
    ];
    // The best of a few runs, as a ratio: quadratic work would take about 64 times as long for 8n (and
    // did for the chains of operators before they were capped: they overflowed the stack). Linear
    // work takes 8 to 14 times as long here (the larger run's garbage collections), and up to 32 on
    // a machine running other test files at once; the bound of 40 still refuses quadratic work.
    const fastest = (source: string) => {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        compilePart('html', source, 'html')({}, createRenderBudget());
        compilePart('amp_html', source, 'amp_html')({}, createRenderBudget());
        extractLinks('html', source);
        extractLinks('text', source);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    for (const make of hostile) {
      const small = fastest(make(20_000));
      const large = fastest(make(160_000));

      expect(large / Math.max(small, 1)).toBeLessThan(40);
    }
  });
});
