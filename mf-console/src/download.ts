import { http, saveFile, showToast } from '@app/shared';

/**
 * Saves a file the console API serves (a message's source or attachment, an activity export),
 * fetched with the session; a failure (a file deleted meanwhile, an ended session) is said in a toast.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  try {
    saveFile(await http.config.blob(path, { quiet: true }), filename);
  } catch (error) {
    showToast({
      type: 'danger',
      title: 'Download failed',
      message: `${filename} could not be downloaded (${(error as Error).message}). Reload the page and try again.`,
    });
  }
}
