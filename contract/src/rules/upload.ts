import { uploadLimitBytes } from './constants.ts';

/** §5 allowed upload types (extensions, lower case). */
export const allowedUploadTypes: readonly string[] = [
  'jpg',
  'png',
  'jpeg',
  'gif',
  'jfif',
  'svg',
  'tiff',
  'docx',
  'xlsx',
  'pdf',
  'xls',
  'md',
  'pptx',
  'ppt',
  'doc',
  'csv',
  'txt',
  'mp3',
  'mp4',
  'mov',
  'avi',
  'zip',
  'rar',
  'webp',
  'avif',
];

/** The extension after the last dot, lower case; '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** True when the file's extension is in the §5 list (case-insensitive). */
export function isAllowedUploadType(fileName: string): boolean {
  return allowedUploadTypes.includes(fileExtension(fileName));
}

/** True for 0 < size ≤ 20971520 bytes (the §9 limit for images and files). */
export function isWithinUploadLimit(sizeBytes: number, limit: number = uploadLimitBytes): boolean {
  return Number.isFinite(sizeBytes) && sizeBytes > 0 && sizeBytes <= limit;
}

/** A random 16-character name made of [a-z0-9] (browser crypto). */
export function randomFileName(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/**
 * §5: the name is reduced to word characters and dashes; a random name is used if nothing is left.
 * The extension is kept (lower case, word characters only) so the type check still works.
 */
export function sanitizeFilename(fileName: string, makeRandomName: () => string = randomFileName): string {
  const extension = fileExtension(fileName).replace(/\W/g, '');
  const base = extension ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName;
  const cleaned = base.replace(/[^\w-]/g, '');
  const name = cleaned === '' ? makeRandomName() : cleaned;
  return extension ? `${name}.${extension}` : name;
}

/** What a file over the §9 limit is refused with, in the console and by the server. */
export function uploadTooLargeMessage(fileName: string, limit: number = uploadLimitBytes): string {
  const megabytes = limit / (1024 * 1024);
  return `The file ${fileName} is larger than ${megabytes} MB: a file may be at most ${megabytes} MB`;
}

/** What a file of a type outside §5 is refused with, in the console and by the server. */
export const uploadTypeMessage = `Files of this type cannot be uploaded; allowed: ${allowedUploadTypes.join(', ')}`;
