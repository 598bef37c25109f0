import type { EmbedTokenInfo } from '@app/contract';
import {
  Alert,
  Button,
  CodeBlock,
  ConfirmButton,
  createEmbedToken,
  DataTable,
  engineMessage,
  formatUserDateTime,
  Panel,
  SelectField,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { listEmbedTokens, revokeEmbedToken } from './api.ts';
import { embedSnippet } from './embed-snippet.ts';
import { tokenMaker } from './embed-token-maker.ts';

const lifetimes = [
  { value: '3600', label: '1 hour' },
  { value: '28800', label: '8 hours' },
  { value: '86400', label: '24 hours' },
];

/**
 * "Embed the editor": a token for this one template, shown once, and the two lines a vendor's page
 * needs; then the template's tokens that work now, each revocable. Sites that embed the editor for
 * good mint tokens from their server with an API key (POST /api/v1/embed-tokens); this is the quick
 * way to try it.
 */
export function EmbedEditorPanel({ templateId }: { templateId: string }) {
  const [lifetime, setLifetime] = useState('3600');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [minted, setMinted] = useState<{ token: string; expiresAt: string } | null>(null);
  const tokens = useLoad(() => listEmbedTokens(templateId), [templateId]);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await createEmbedToken(templateId, Number(lifetime));
      setMinted({ token: created.token, expiresAt: created.expires_at });
      tokens.reload();
    } catch (failure) {
      setError(engineMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: EmbedTokenInfo) => {
    setError(null);
    try {
      await revokeEmbedToken(token.id);
      tokens.reload();
    } catch (failure) {
      setError(engineMessage(failure));
      throw failure;
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
      <h3>Tokens that work now</h3>
      <p className="muted">
        A token stops with what made it: an API key when it is deleted or loses the templates grant, a console
        session when it ends or its member leaves the team.
      </p>
      {tokens.status === 'failed' ? (
        <Alert type="danger">The tokens could not be listed: {engineMessage(tokens.error)}</Alert>
      ) : null}
      <DataTable
        label="Embed tokens of this template"
        rows={tokens.data ?? []}
        rowKey={(token) => token.id}
        empty={tokens.data ? <p className="muted">No token of this template works now.</p> : undefined}
        columns={[
          { key: 'maker', label: 'Made by', render: tokenMaker },
          {
            key: 'created',
            label: 'Created',
            secondary: true,
            render: (token) => formatUserDateTime(token.created_at),
          },
          { key: 'expires', label: 'Works until', render: (token) => formatUserDateTime(token.expires_at) },
          {
            key: 'actions',
            label: 'Actions',
            render: (token) => (
              <ConfirmButton
                size="small"
                label="Revoke"
                title="Revoke this embed token?"
                question={
                  <>
                    Every editor using it, on your site or in an open console editor, stops at its next
                    request. This cannot be undone.
                  </>
                }
                confirmLabel="Revoke token"
                onConfirm={() => revoke(token)}
              />
            ),
          },
        ]}
      />
    </Panel>
  );
}
