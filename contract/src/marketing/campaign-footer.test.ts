import { describe, expect, it } from 'vitest';
import { emailDesign } from '../editor/design.ts';
import { withUnsubscribeFooter } from './campaign-footer.ts';

describe('the unsubscribe footer of a campaign', () => {
  it('starts an empty design with a valid footer whose link unsubscribes and lands on the server', () => {
    const design = withUnsubscribeFooter(null, 'https://mail.acme.test');
    expect(emailDesign.safeParse(design).success).toBe(true);
    expect(design.blocks).toHaveLength(1);
    const [footer] = design.blocks;
    expect(footer?.type).toBe('html');
    expect(JSON.stringify(footer)).toContain(
      'href=\\"https://mail.acme.test/unsubscribe\\" data-msys-unsubscribe=\\"1\\"',
    );
    // The reader's pages, filled in by each send, and not counted as clicks.
    expect(JSON.stringify(footer)).toContain(
      'href=\\"{{view_in_browser_url}}\\" data-msys-clicktrack=\\"0\\"',
    );
    expect(JSON.stringify(footer)).toContain('href=\\"{{preferences_url}}\\" data-msys-clicktrack=\\"0\\"');
  });

  it('adds after the blocks already there, under an id of its own', () => {
    const once = withUnsubscribeFooter(null, 'https://a.test');
    const twice = withUnsubscribeFooter(once, 'https://a.test');
    expect(twice.blocks.map((block) => block.id)).toEqual(['unsubscribe-1', 'unsubscribe-2']);
    expect(emailDesign.safeParse(twice).success).toBe(true);
  });
});
