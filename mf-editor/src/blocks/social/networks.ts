import type { socialNetworks } from '@app/contract/editor/design-constants';

export type SocialNetwork = (typeof socialNetworks)[number];

/** How each network shows on the canvas and in the network choice (brand colours pass 4.5:1 with white text). */
export const networkLooks: Record<SocialNetwork, { name: string; glyph: string; color: string }> = {
  facebook: { name: 'Facebook', glyph: 'f', color: '#1466d8' },
  x: { name: 'X', glyph: 'X', color: '#000000' },
  instagram: { name: 'Instagram', glyph: 'IG', color: '#c1356b' },
  linkedin: { name: 'LinkedIn', glyph: 'in', color: '#0a66c2' },
  youtube: { name: 'YouTube', glyph: '▶', color: '#cc0000' },
  tiktok: { name: 'TikTok', glyph: '♪', color: '#111111' },
  whatsapp: { name: 'WhatsApp', glyph: 'W', color: '#12784a' },
  pinterest: { name: 'Pinterest', glyph: 'P', color: '#bd081c' },
};
