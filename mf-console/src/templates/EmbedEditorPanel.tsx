import { Button, CodeBlock, createEmbedToken, formatUserDateTime, Panel, SelectField } from '@app/shared';
import { useState } from 'react';
import { engineMessage } from '../engine-message.ts';
import { embedSnippet } from './embed-snippet.ts';

const lifetimes = [
  { value: '3600', label: '1 hour' },
  { value: '28800', label: '8 hours' },
  { value: '86400', label: '24 hours' },
];

/**
 * "Embed the editor": a token for this one template, shown once, and the two lines a vendor's page
 * needs. Sites that embed the editor for good mint tokens from their server with an API key
 * (POST /api/v1/embed-tokens); this is the quick way to try it.
 */
export function EmbedEditorPanel({ templateId }: { templateId: string }) {
  const [lifetime, setLifetime] = useState('3600');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [minted, setMinted] = useState<{ token: string; expiresAt: string } | null>(null);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await createEmbedToken(templateId, Number(lifetime));
      setMinted({ token: created.token, expiresAt: created.expires_at });
    } catch (failure) {
      setError(engineMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="Embed the editor on your site">
      <p className="muted">
        Any web page can show the block editor on this template with one script tag. It works with a
        short-lived token that edits this template only; your server can make tokens with an API key (
        <code>POST /api/v1/embed-tokens</code>).
      </p>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <SelectField label="Token valid for" value={lifetime} options={lifetimes} onChange={setLifetime} />
        <Button busy={busy} onClick={() => void create()}>
          Create an embed token
        </Button>
      </div>
      {error ? (
        <p className="app-field-error" role="alert">
          {error}
        </p>
      ) : null}
      {minted ? (
        <>
          <p role="status">
            Token created; it is shown only now and works until {formatUserDateTime(minted.expiresAt)}.
          </p>
          <CodeBlock
            label="Embed code"
            code={embedSnippet(window.location.origin, minted.token, templateId)}
          />
        </>
      ) : null}
    </Panel>
  );
}
