import { isAllowedUploadType, isWithinUploadLimit } from '@app/contract';
import { uploadTooLargeMessage, uploadTypeMessage } from '@app/contract/rules/upload';

/** One file of an upload: its progress (0–1) and how it ended. */
export interface QueuedUpload {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'refused' | 'cancelled';
  /** Why it was refused (by the console before sending, or by the server). */
  message?: string;
}

/** Why the console refuses a file before sending it (§5 types, §9 20 MB), or undefined. */
export function refusalOf(file: Pick<File, 'name' | 'size'>): string | undefined {
  if (!isAllowedUploadType(file.name)) return uploadTypeMessage;
  if (file.size === 0) return `The file ${file.name} is empty`;
  if (!isWithinUploadLimit(file.size)) return uploadTooLargeMessage(file.name);
  return undefined;
}

let counter = 0;

/** The queue entries of newly chosen files: refused at once, or waiting their turn. */
export function queued(files: readonly File[]): Array<{ file: File; entry: QueuedUpload }> {
  return files.map((file) => {
    counter += 1;
    const message = refusalOf(file);
    return {
      file,
      entry: {
        key: `${counter}-${file.name}`,
        name: file.name,
        size: file.size,
        progress: 0,
        state: message ? 'refused' : 'waiting',
        ...(message ? { message } : {}),
      },
    };
  });
}
