import type { EmailDesign } from './design.ts';
import { designSchemaVersion, fontFamilies } from './design-constants.ts';

/** The empty design a new template (or campaign) starts from. */
export function defaultDesign(): EmailDesign {
  return {
    version: designSchemaVersion,
    global: {
      width: 600,
      background: '#f3f4f6',
      contentBackground: '#ffffff',
      fontFamily: fontFamilies[0],
      textColor: '#1f2937',
      linkColor: '#1d4ed8',
      preheader: '',
    },
    message: { subject: '', fromEmail: '', fromName: '', replyTo: '' },
    blocks: [],
  };
}

/** The empty design a new landing or thank-you page starts from: a web page's width, white. */
export function defaultPageDesign(): EmailDesign {
  const design = defaultDesign();
  return { ...design, global: { ...design.global, width: 720, background: '#ffffff' } };
}
