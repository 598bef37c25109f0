import { useEffect, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

const copyStatus: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Copy failed: select the text and copy it by hand',
};

/**
 * Copies a value to the clipboard and says so beside the button (a polite live region), the tick
 * standing for two seconds. A kit button rather than Shoelace's `sl-copy-button`, whose feedback is
 * a tooltip: it brought floating-ui (about 13 KB gzipped) to every page with a key or a DNS record.
 */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <span className="app-copy">
      <sl-button size="small" variant="text" aria-label={label} title={label} onClick={copy}>
        <sl-icon library="system" name={state === 'copied' ? 'check' : 'copy'} label={label} />
      </sl-button>
      <span className="app-copy-status" role="status">
        {copyStatus[state]}
      </span>
    </span>
  );
}

/** A read-only value (a DNS record, a key, a host name) with its copy button beside it. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <sl-input className="app-field app-copy-field" label={label} value={value} readonly help-text={hint}>
      <span slot="suffix">
        <CopyButton value={value} label={`Copy ${label}`} />
      </span>
    </sl-input>
  );
}

/** A block of code (a snippet to paste) with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="app-code">
      <figcaption>
        <span>{label}</span>
        <CopyButton value={code} label={`Copy ${label}`} />
      </figcaption>
      <section aria-label={label}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling snippet must be reachable by keyboard (axe scrollable-region-focusable) */}
        <pre tabIndex={0}>
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  );
}
