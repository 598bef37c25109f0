/** localStorage that never throws: private browsing or disabled storage must not break the console. */
const probeKey = '__storage_probe__';

export function isStorageUsable(): boolean {
  try {
    // Reading the property itself throws when site data is blocked.
    const storage = globalThis.localStorage;
    if (!storage) return false;
    storage.setItem(probeKey, probeKey);
    storage.removeItem(probeKey);
    return true;
  } catch {
    return false;
  }
}

export function readItem(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the in-memory store still holds the value for this page.
  }
}

/** Removes every key that starts with a prefix (e.g. the editor's `em_` drafts, §4). */
export function removeItemsWithPrefix(prefix: string): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // ignore, as above
  }
}
