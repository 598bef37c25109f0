// §5 and §9: what the file store accepts (the shared rules), checked before sending so the user
// learns at once; the picker of images also wants an image.
import { allowedUploadTypes, fileExtension, isAllowedUploadType, uploadLimitBytes } from '@app/contract';

export const maxUploadBytes = uploadLimitBytes;
export const allowedUploadExtensions = allowedUploadTypes;

export const imageExtensions = ['jpg', 'png', 'jpeg', 'gif', 'jfif', 'svg', 'tiff', 'webp', 'avif'] as const;

export type UploadKind = 'image' | 'file';
export type UploadProblem = 'tooLarge' | 'typeNotAllowed' | 'notAnImage';

/** Why `file` cannot be uploaded for `kind`, or undefined when it can. */
export function uploadProblem(
  file: { name: string; size: number },
  kind: UploadKind,
): UploadProblem | undefined {
  if (!isAllowedUploadType(file.name)) return 'typeNotAllowed';
  if (kind === 'image' && !(imageExtensions as readonly string[]).includes(fileExtension(file.name))) {
    return 'notAnImage';
  }
  if (file.size > maxUploadBytes) return 'tooLarge';
  return undefined;
}
