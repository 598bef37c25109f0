import { http } from '../api/client.ts';
import { showToast } from '../stores/toasts.ts';

/** Hands a file to the browser's save dialog through a temporary object URL. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves a file the console API serves (a message's source or attachment, an activity export),
 * fetched with the session and named as the server names it unless `filename` is given. A failure
 * (a file deleted meanwhile, an ended session) is said in a toast; the answer says whether it saved.
 */
export async function downloadFile(path: string, filename?: string): Promise<boolean> {
  try {
    const file = await http.config.blob(path, { quiet: true });
    saveFile(file, filename ?? file.name);
    return true;
  } catch (error) {
    showToast({
      type: 'danger',
      title: 'Download failed',
      message: `${filename ?? 'The file'} could not be downloaded (${(error as Error).message}). Reload the page and try again.`,
    });
    return false;
  }
}
