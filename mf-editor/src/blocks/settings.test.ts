import { blockTypes } from '@app/contract/editor/design-constants';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { EditorServices } from './block-definition.ts';
import { definitionOf } from './registry.ts';

const services: EditorServices = {
  pickImage: async () => undefined,
  pickFile: async () => undefined,
  forms: [],
  page: true,
};
const style = {
  paddingY: 10,
  paddingX: 20,
  background: 'transparent',
  align: 'center',
  hideOnMobile: false,
} as const;

/** A block type's settings panel as markup, for `props` (its defaults unless given). */
function settingsOf<T extends (typeof blockTypes)[number]>(
  type: T,
  change?: (props: object) => object,
): string {
  const definition = definitionOf(type);
  const props = change ? change(definition.create({ page: false })) : definition.create({ page: false });
  const block = { id: 'b1', type, style, props } as ComponentProps<typeof definition.Settings>['block'];
  return renderToStaticMarkup(createElement(definition.Settings, { block, onChange: () => {}, services }));
}

describe('settings panels', () => {
  it.each(blockTypes)('%s has its test id and labels every Shoelace field', (type) => {
    const html = settingsOf(type);
    expect(html).toContain(`data-testid="settings-${type}"`);
    for (const field of html.match(/<sl-(input|select|textarea)\b[^>]*>/g) ?? [])
      expect(field).toMatch(/ label="[^"]+"/);
  });

  it('show the link rule under a link the server would refuse, keeping what was typed', () => {
    const html = settingsOf('button', (props) => ({ ...props, href: 'www.example.com' }));
    expect(html).toContain('value="www.example.com"');
    expect(html).toMatch(/role="alert"[^>]*>Must start with http:\/\/, https:\/\/, mailto:, tel: or \{\{/);
  });

  it('offer add, move and remove for list entries, and no move beyond the ends', () => {
    const html = settingsOf('social');
    expect(html).toContain('Add link');
    expect(html.match(/Remove link \d/g)).toEqual(['Remove link 1', 'Remove link 2', 'Remove link 3']);
    expect(html).toMatch(/<sl-button size="small" disabled="">Move up<\/sl-button>/);
  });

  it('offer the picker and the address for images, and the file picker for downloads', () => {
    expect(settingsOf('image')).toContain('Choose image');
    expect(settingsOf('download')).toContain('Choose file');
  });
});
