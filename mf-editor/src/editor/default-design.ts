import type { EmailDesign } from '@app/contract/editor/design';
import { designSchemaVersion, fontFamilies } from '@app/contract/editor/design-constants';

/** The empty design a new template starts from. */
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
