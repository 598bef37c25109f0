import r2wc from '@r2wc/react-to-web-component';
import { type CSSProperties, useLayoutEffect, useRef } from 'react';
import { EmailEditor, type EmailEditorProps } from '../editor/EmailEditor.tsx';
import { themeVariables, type VendorTheme } from './vendor-theme.ts';

export const emailEditorTag = 'email-editor';

interface HostProps extends EmailEditorProps {
  theme?: VendorTheme;
}

/**
 * The editor fills the window's height below the page's own header, so the palette and the panel
 * stay in view while the canvas scrolls; a page sets `--email-editor-height` on the element to change it.
 */
const hostSize: CSSProperties = { height: 'var(--email-editor-height, max(640px, calc(100vh - 120px)))' };

/** Stylesheets adopted into every editor's shadow root besides the editor's own (the standalone's Shoelace theme). */
const shadowSheets: CSSStyleSheet[] = [];

function EmailEditorHost({ theme, ...props }: HostProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const missing = shadowSheets.filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
    if (missing.length) root.adoptedStyleSheets = [...missing, ...root.adoptedStyleSheets];
  }, []);
  return (
    <div
      ref={ref}
      className="email-editor-host"
      style={{ ...hostSize, ...(themeVariables(theme) as CSSProperties) }}
    >
      <EmailEditor {...props} />
    </div>
  );
}

/**
 * Defines `<email-editor>` (once): the block editor in its own open shadow root.
 * In: `template-id`, `design` (JSON), `api-base`, `token` (an embed token, never the user's
 * session), `locale`, `theme` (JSON: primary, font, radius), `forms` (JSON: a page's editor, see EmailEditorProps). Out: `change`, `save`, `ready` and
 * `error` CustomEvents that bubble and cross shadow roots (composed), with the details of
 * EmailEditorProps' callbacks. `shadowCss`: stylesheets the host page does not provide (the
 * standalone build passes Shoelace's theme, which the console has on its document already).
 */
export function defineEmailEditor(shadowCss: readonly string[] = []): void {
  if (customElements.get(emailEditorTag)) return;
  for (const css of shadowCss) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadowSheets.push(sheet);
  }
  const events = { bubbles: true, composed: true };
  customElements.define(
    emailEditorTag,
    r2wc(EmailEditorHost, {
      shadow: 'open',
      props: {
        templateId: 'string',
        design: 'json',
        apiBase: 'string',
        token: 'string',
        locale: 'string',
        theme: 'json',
        forms: 'json',
      },
      events: { onChange: events, onSave: events, onReady: events, onError: events },
    }),
  );
}
