import { defaultDesign } from '@app/contract/editor/default-design';
import { emailDesign, pageDesign } from '@app/contract/editor/design';
import mjml2html from 'mjml';
import { describe, expect, it } from 'vitest';
import { textRow } from '../../../testing/design-rows.ts';
import { createGeneratorUrls } from '../../generators/generator-urls.ts';
import { designToMjml } from './design-to-mjml.ts';

const urls = createGeneratorUrls({ publicUrl: 'https://mail.example.test/', secret: 'unit-secret' });
describe('a popup row', () => {
  it('is a closed dialog on the page, apart from the rows around it, closable without a script', async () => {
    const design = pageDesign.parse({
      ...defaultDesign(),
      blocks: [
        textRow('in-page', 'Welcome to the shop'),
        textRow('offer', 'Ten percent off <b>today</b>', { trigger: 'load', delaySeconds: 3 }),
      ],
    });
    const { mjml, findings } = designToMjml(design, urls);
    expect(findings).toEqual([]);
    const { html } = await mjml2html(mjml, { validationLevel: 'strict' });
    const dialog =
      /<dialog class="page-popup" id="popup-offer" data-page-popup="load" data-delay="3" data-scroll="50" aria-label="Popup">([\s\S]*?)<\/dialog>/.exec(
        html,
      );
    expect(dialog?.[1]).toContain('Ten percent off <b>today</b>');
    expect(dialog?.[1]).toContain(
      '<form method="dialog" class="page-popup__bar"><button class="page-popup__close" aria-label="Close">×</button></form>',
    );
    expect(dialog?.[1]).not.toContain('Welcome to the shop');
    expect(html.indexOf('Welcome to the shop')).toBeLessThan(html.indexOf('<dialog'));
    expect(html).toContain('.page-popup::backdrop');
  });

  it('leaves a page without popups as it was', async () => {
    const { mjml } = designToMjml(
      pageDesign.parse({ ...defaultDesign(), blocks: [textRow('in-page', 'Hello')] }),
      urls,
    );
    const { html } = await mjml2html(mjml);
    expect(html).not.toContain('dialog');
    expect(html).not.toContain('page-popup');
  });

  it('is refused in mail', () => {
    const refused = emailDesign.safeParse({
      ...defaultDesign(),
      blocks: [textRow('offer', 'Hi', { trigger: 'exit' })],
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'has a popup row, which only a page can hold',
    ]);
    expect(emailDesign.safeParse({ ...defaultDesign(), blocks: [textRow('plain', 'Hi')] }).success).toBe(
      true,
    );
  });
});
