import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kitComponents, kitModule } from './kit.ts';

describe('the UI kit', () => {
  it('gives the email editor every component the build makes a module of', () => {
    const source = readFileSync(new URL('./shoelace-components.ts', import.meta.url), 'utf8');
    const imported = [...source.matchAll(/^import '([^']+)';$/gm)].map((match) => match[1]);
    expect(imported).toEqual(kitComponents.map(kitModule));
  });
});
