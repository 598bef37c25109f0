/**
 * Private windows give a site a tiny storage quota (Chromium: about 100 MB instead of a share of the
 * disk), so a small quota is the warning sign we can read without side effects.
 */
const privateQuotaBytes = 150 * 1024 * 1024;

export async function detectPrivateBrowsing(): Promise<boolean> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return typeof estimate?.quota === 'number' && estimate.quota < privateQuotaBytes;
  } catch {
    return false;
  }
}
