import type { Page } from '@playwright/test';

/** Drops files on the region named `zone`, as a drag from the desktop does. */
export async function dropFiles(
  page: Page,
  zone: string,
  files: Array<{ name: string; bytes?: number[]; text?: string; size?: number }>,
) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const body =
        file.text !== undefined
          ? new TextEncoder().encode(file.text)
          : file.bytes
            ? new Uint8Array(file.bytes)
            : new Uint8Array(file.size ?? 0);
      data.items.add(new File([body], file.name));
    }
    return data;
  }, files);
  const region = page.getByRole('region', { name: zone });
  await region.dispatchEvent('dragover', { dataTransfer: transfer });
  await region.dispatchEvent('drop', { dataTransfer: transfer });
}
