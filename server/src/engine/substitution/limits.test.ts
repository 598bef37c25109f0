import { describe, expect, it } from 'vitest';
import { CompileError } from './errors.ts';
import { checkTemplateShape, templateLimits } from './limits.ts';
import { compileContent } from './render.ts';

const nested = (depth: number) => `${'{{if a}}'.repeat(depth)}x${'{{end}}'.repeat(depth)}`;
const FROM = { email: 'shop@example.com' };

function shapeError(source: string, part = 'text'): CompileError {
  try {
    checkTemplateShape(part, source);
  } catch (error) {
    if (error instanceof CompileError) return error;
    throw error;
  }
  throw new Error('expected a CompileError');
}

describe('template limits, checked before compiling', () => {
  it('refuses nesting over the limit, naming the part and the line of the first block too deep', () => {
    const source = `Hello\n${'{{each l}}\n'.repeat(templateLimits.maxNestingDepth + 1)}`;
    const error = shapeError(source, 'html');
    expect(error.message).toBe(
      `part html: line ${templateLimits.maxNestingDepth + 2}: blocks are nested more than 50 deep; that is the limit`,
    );
  });

  it('refuses 2,000-deep nesting without parsing it', () => {
    expect(shapeError(nested(2_000)).detail).toBe('blocks are nested more than 50 deep; that is the limit');
  });

  it('counts only blocks that are open: siblings, else and elseif do not nest', () => {
    expect(checkTemplateShape('text', nested(50).repeat(10))).toBe(1000);
    const deepElse = `${'{{if a}}{{elseif b}}{{else}}'.repeat(50)}${'{{end}}'.repeat(50)}`;
    expect(() => checkTemplateShape('text', deepElse)).not.toThrow();
    expect(shapeError(`${'{{ each l }}'.repeat(51)}`).detail).toContain('nested more than 50 deep');
    expect(shapeError(`${'{{{if a}}}'.repeat(51)}`).detail).toContain('nested more than 50 deep');
    expect(checkTemplateShape('text', `${'{{ifx}}{{ends}}'.repeat(60)}`)).toBe(120);
  });

  it('refuses operators and parentheses nested over the limit in one tag', () => {
    const compile = (inside: string) => () =>
      compileContent({ subject: 's', from: FROM, text: `{{ ${inside} }}` });
    expect(compile(`${'('.repeat(51)}a${')'.repeat(51)}`)).toThrow(/nested more than 50 deep/);
    expect(compile(`${'not '.repeat(60)}a`)).toThrow(/nested more than 50 deep/);
    expect(compile(`${'('.repeat(20)}a${')'.repeat(20)}`)).not.toThrow();
  });

  it('refuses deep nesting in the parser too, for content that skips the shape check', () => {
    expect(() => compileContent({ subject: 's', from: FROM, text: nested(60) })).toThrow(
      /blocks are nested more than 50 deep/,
    );
  });

  it('refuses more tags than the limit across all parts of a content', () => {
    const half = '{{a}}'.repeat(templateLimits.maxTags / 2);
    expect(() => compileContent({ subject: '{{s}}', from: FROM, text: half, html: half }, {})).toThrow(
      expect.objectContaining({
        part: 'text',
        detail: 'more than 5,000 tags ({{…}}) in the content; that is the limit',
      }),
    );
    expect(checkTemplateShape('text', half, templateLimits.maxTags / 2)).toBe(templateLimits.maxTags / 2);
  });
});

describe('long expressions', () => {
  it('refuses more operators and path steps in one tag than the limit, and takes that many', () => {
    const compile = (inside: string) => () =>
      compileContent({ subject: 's', from: FROM, text: `{{ ${inside} }}` });
    expect(compile(`a${'.b'.repeat(templateLimits.maxOperatorsPerTag)}`)).not.toThrow();
    expect(compile(`a${'.b'.repeat(templateLimits.maxOperatorsPerTag + 1)}`)).toThrow(
      /more than 500 operators and path steps in one tag/,
    );
    expect(compile(`a${' or b'.repeat(20_000)}`)).toThrow(/more than 500 operators/);
  });
});
