import { maxValidationListBytes } from '@app/contract';

export const maxListMegabytes = maxValidationListBytes / 1024 / 1024;

/** Why a file cannot be sent, checked before it is: its kind and size. */
export function fileRefusal(file: { name: string; size: number }): string | undefined {
  if (!/\.(csv|txt)$/i.test(file.name)) return `${file.name} is not a CSV file: choose a .csv or .txt file.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxValidationListBytes) {
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a list may be at most ${maxListMegabytes} MB. Split it and upload each part.`;
  }
  return undefined;
}
