import { uploadLimitBytes } from '@app/contract/rules/constants';
import { uploadTypeMessage } from '@app/contract/rules/upload';
import { randomToken } from '../../crypto.ts';

/** §9: one upload is at most 20 MB. */
export const maxUploadBytes = uploadLimitBytes;

/** §5's allowed upload types, by extension, with the content type each is stored and served as. */
const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  webp: 'image/webp',
  avif: 'image/avif',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  doc: 'application/msword',
  md: 'text/markdown',
  csv: 'text/csv',
  txt: 'text/plain',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};

const startsWith = (bytes: Buffer, signature: string | number[], at = 0) =>
  bytes
    .subarray(at, at + signature.length)
    .equals(typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature));

/** Does `bytes` begin the way a file of this image type does? */
const imageSignatures: Record<string, (bytes: Buffer) => boolean> = {
  'image/jpeg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  'image/png': (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (bytes) => startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a'),
  'image/tiff': (bytes) =>
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]),
  'image/webp': (bytes) => startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8),
  'image/avif': (bytes) => {
    if (!startsWith(bytes, 'ftyp', 4)) return false;
    const brands = bytes.subarray(8, Math.min(bytes.length, bytes.readUInt32BE(0), 64)).toString('latin1');
    return brands.includes('avif') || brands.includes('avis');
  },
  // Text: an XML declaration, a comment or the element itself first; it is never shown inline anyway.
  'image/svg+xml': (bytes) => {
    const head = bytes
      .subarray(0, 4096)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return head.startsWith('<') && head.includes('<svg');
  },
};

export interface CheckedUpload {
  name: string;
  contentType: string;
}

/**
 * The stored name and content type of an upload, or why it is refused. The type follows the name's
 * extension (never the request's Content-Type); an image must also start like one. The name keeps
 * word characters and dashes only (§5); an empty one gets a random name.
 */
export function checkUpload(fileName: string, bytes: Buffer): CheckedUpload | { refused: string } {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  const contentType = contentTypes[extension];
  if (!contentType) {
    return { refused: uploadTypeMessage };
  }
  const signature = imageSignatures[contentType];
  if (signature && !signature(bytes)) return { refused: `The file is not a ${extension} image` };
  const base =
    fileName
      .slice(0, dot)
      .replace(/[^\w-]/g, '')
      .slice(0, 100) || randomToken(9);
  return { name: `${base}.${extension}`, contentType };
}

/**
 * The name a file renamed to `wanted` gets: cleaned like an upload's (§5), keeping the file's
 * extension (its type follows it); or why it is refused.
 */
export function renamedFileName(current: string, wanted: string): { name: string } | { refused: string } {
  const extension = current.slice(current.lastIndexOf('.') + 1);
  const dot = wanted.lastIndexOf('.');
  const wantedExtension = dot < 0 ? '' : wanted.slice(dot + 1).toLowerCase();
  const hasExtension = Object.hasOwn(contentTypes, wantedExtension);
  if (hasExtension && wantedExtension !== extension) {
    return { refused: `The type of a file cannot change: keep .${extension}` };
  }
  const base = (hasExtension ? wanted.slice(0, dot) : wanted).replace(/[^\w-]/g, '').slice(0, 100);
  if (!base) return { refused: 'A file name needs letters, digits, _ or -' };
  return { name: `${base}.${extension}` };
}

/** Shown inline from our origin only when it cannot carry script: raster images. */
export const servedInline = (contentType: string) =>
  contentType.startsWith('image/') && contentType !== 'image/svg+xml';
