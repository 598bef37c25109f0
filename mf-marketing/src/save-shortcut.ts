import { useEffect, useRef } from 'react';

/**
 * §2: Ctrl+S (⌘S on a Mac) on a compose page calls `save` instead of the browser's "save page". Inside
 * the block editor the key is the editor's own (it saves the content), so the page leaves it there.
 */
export function useSaveShortcut(save: () => void, enabled = true): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (
        event.composedPath().some((node) => node instanceof HTMLElement && node.localName === 'email-editor')
      )
        return;
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
