import type { BlockAssets } from '@app/contract/editor/embed-api';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { definitionOf } from './registry.ts';

const style = {
  paddingY: 10,
  paddingX: 20,
  background: 'transparent',
  align: 'center',
  hideOnMobile: false,
} as const;
const global = {
  width: 600,
  background: '#f4f4f4',
  contentBackground: '#ffffff',
  fontFamily: 'Arial, Helvetica, sans-serif',
  textColor: '#333333',
  linkColor: '#2457c5',
  preheader: '',
} as const;

function canvasOf(type: 'qrcode' | 'image' | 'voucher' | 'button' | 'table', assets?: BlockAssets): string {
  const definition = definitionOf(type);
  const block = { id: 'b1', type, style, props: definition.create({ page: false }) } as ComponentProps<
    typeof definition.Canvas
  >['block'];
  return renderToStaticMarkup(
    createElement(definition.Canvas, { block, global, assets, selected: false, onChange: () => {} }),
  );
}

describe('the canvas', () => {
  it('shows a labelled placeholder until the engine has made a generated image, then the image', () => {
    expect(canvasOf('qrcode')).toContain('QR code preview appears in a moment');
    const ready = canvasOf('qrcode', { image: 'https://engine.example/g/qr.png' });
    expect(ready).toContain('src="https://engine.example/g/qr.png"');
    expect(ready).not.toContain('appears in a moment');
  });

  it('shows a placeholder for an image without address, and the sample content of new blocks', () => {
    expect(canvasOf('image')).toContain('role="img"');
    expect(canvasOf('voucher')).toContain('WELCOME10');
    expect(canvasOf('button')).toContain('Shop now');
    expect(canvasOf('table')).toContain('Storage');
  });
});

describe('the video canvas', () => {
  it("shows YouTube's thumbnail of a watch link when no thumbnail is chosen", () => {
    const definition = definitionOf('video');
    const props = {
      ...definition.create({ page: false }),
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    };
    const html = renderToStaticMarkup(
      createElement(definition.Canvas, {
        block: { id: 'v1', type: 'video', style, props },
        global,
        assets: undefined,
        selected: false,
        onChange: () => {},
      }),
    );
    expect(html).toContain('src="https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
  });
});
