import { useEffect, useRef } from 'react';

/**
 * Copies a value to the clipboard, confirming with a tick (Shoelace `sl-copy-button`). Shoelace gives
 * the button inside its shadow root no accessible name (axe button-name), so the label is set on it.
 */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    let live = true;
    void customElements
      .whenDefined('sl-copy-button')
      .then(() => (host as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete)
      .then(() => {
        if (live) host.shadowRoot?.querySelector('button')?.setAttribute('aria-label', label);
      });
    return () => {
      live = false;
    };
  }, [label]);
  return (
    <sl-copy-button
      ref={ref}
      value={value}
      copy-label={label}
      success-label="Copied"
      error-label="Copy failed: select the text and copy it by hand"
      aria-label={label}
    >
      {/* Shoelace's inner button has no name of its own: the labelled icon gives it one (axe button-name). */}
      <sl-icon slot="copy-icon" library="system" name="copy" label={label} />
    </sl-copy-button>
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
