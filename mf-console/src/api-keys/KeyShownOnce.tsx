import { Alert, AppLink, CopyField, consoleFeature, Panel } from '@app/shared';
import type { ReactNode } from 'react';

/** A new key in clear: the only time anyone sees it (the engine keeps only its hash). */
export function KeyShownOnce({
  label,
  secret,
  actions,
}: {
  label: string;
  secret: string;
  actions?: ReactNode;
}) {
  return (
    <Panel title={`Your new API key: ${label}`}>
      <Alert type="warning" title="Copy your key now">
        This is the only time the key is shown. Copy it now and keep it somewhere safe; if you lose it, create
        a new one.
      </Alert>
      <CopyField
        label="API key"
        value={secret}
        hint="Send it in the Authorization header of /api/v1 calls, or as the SMTP password."
      />
      {consoleFeature('apiKey.instruction') ? (
        <p>
          <AppLink to="/api-instruction">How to send with your API key</AppLink>
        </p>
      ) : null}
      {actions ? <div className="app-page-actions">{actions}</div> : null}
    </Panel>
  );
}
