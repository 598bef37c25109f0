import type { CapturedMail, CapturedMailList } from '@app/contract';
import { $isLoggedIn, Alert, AppLink, Button, formatUserDateTime, http, Spinner } from '@app/shared';
import { sanitizeMailPreview } from '@app/shared/ui/sanitize';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';

const pageSize = 20;

/** `&key=…` for the operator link (`/captured-mail?key=…`, printed in the server log at start). */
function keyParam(): string {
  const key = new URLSearchParams(window.location.search).get('key');
  return key ? `&key=${encodeURIComponent(key)}` : '';
}

/**
 * The local mail viewer: what the server would have sent while MAIL_MODE=capture. A signed-in user
 * sees the mail sent to their own address; the operator link shows all of it.
 */
export function CapturedMailPage() {
  const signedIn = useStore($isLoggedIn);
  const key = keyParam();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<CapturedMailList | null>(null);
  const [selected, setSelected] = useState<CapturedMail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = signedIn || key !== '';

  const load = useCallback(async () => {
    if (!allowed) return;
    setError(null);
    try {
      setList(
        await http.config.get<CapturedMailList>(`/captured-mail?page=${page}&size=${pageSize}${key}`, {
          quiet: true,
        }),
      );
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [page, key, allowed]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (id: string) => {
    try {
      setSelected(
        await http.config.get<CapturedMail>(`/captured-mail/${id}?${key.slice(1)}`, { quiet: true }),
      );
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const pages = list ? Math.max(1, Math.ceil(list.total / pageSize)) : 1;
  return (
    <div className="shell-page captured-mail">
      <style>{layout}</style>
      <h1>Captured mail</h1>
      <p className="muted">
        Mail the server sent while it runs with MAIL_MODE=capture. Nothing here left this machine.{' '}
        {list?.scope === 'all' ? 'This operator link shows the mail of every address.' : null}
        {list?.scope === 'own' ? 'You see the mail sent to your own address.' : null}
      </p>
      {!allowed ? (
        <Alert type="info">
          Captured mail is private. <AppLink to="/login?redirect=%2Fcaptured-mail">Sign in</AppLink> to read
          the mail sent to your address. A new account's confirmation link, and the operator link that shows
          all captured mail, are printed in the server log.
        </Alert>
      ) : null}
      {error ? <Alert type="danger">{error}</Alert> : null}
      {allowed ? (
        <p>
          <Button variant="secondary" onClick={() => void load()}>
            Refresh
          </Button>
        </p>
      ) : null}
      {allowed && !list && !error ? <Spinner /> : null}
      {list && list.items.length === 0 ? (
        <div className="app-empty">
          <h2>No mail yet</h2>
          <p className="muted">Sign up or ask for a password reset, and the mail appears here.</p>
        </div>
      ) : null}
      {list && list.items.length > 0 ? (
        <div className="captured-mail-list">
          <table className="app-table">
            <thead>
              <tr>
                <th>Received</th>
                <th>To</th>
                <th>Subject</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((mail) => (
                <tr key={mail.id} data-selected={selected?.id === mail.id}>
                  <td>{formatUserDateTime(mail.createdAt)}</td>
                  <td>{mail.to}</td>
                  <td>
                    <button type="button" className="shell-link-button" onClick={() => void open(mail.id)}>
                      {mail.subject}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list && pages > 1 ? (
        <nav aria-label="Pages" style={{ display: 'flex', gap: 8, marginTop: 12, alignItems: 'center' }}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      {selected ? <MailView mail={selected} /> : null}
    </div>
  );
}

/**
 * Long addresses and links wrap instead of pushing the page sideways; below 600px each row stacks
 * its cells, so the subject buttons stay reachable on a phone.
 */
const layout = `
.captured-mail { max-width: 1100px; margin: 24px auto; padding: 0 16px; box-sizing: border-box; }
.captured-mail-list { overflow-x: auto; }
.captured-mail td { overflow-wrap: anywhere; }
.captured-mail-body { white-space: pre-wrap; overflow-wrap: anywhere; max-width: 100%; margin: 0; }
@media (max-width: 600px) {
  .captured-mail thead { display: none; }
  .captured-mail tr, .captured-mail td { display: block; }
  .captured-mail td { border-bottom: 0; padding: 4px 12px; }
  .captured-mail tr { border-bottom: 1px solid var(--app-border); padding: 8px 0; }
}
`;

function MailView({ mail }: { mail: CapturedMail }) {
  return (
    <article className="app-card" style={{ marginTop: 16, minWidth: 0 }} aria-label="Message">
      <h2 style={{ overflowWrap: 'anywhere' }}>{mail.subject}</h2>
      <p className="muted" style={{ overflowWrap: 'anywhere' }}>
        From {mail.from} to {mail.to}
      </p>
      {mail.html ? (
        <iframe
          title="Message body"
          // No scripts, no same-origin access; links open in a new tab instead of inside the frame.
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={`<base target="_blank">${sanitizeMailPreview(mail.html)}`}
          style={{ width: '100%', minHeight: 320, border: '1px solid var(--app-border)', borderRadius: 8 }}
        />
      ) : null}
      {mail.text ? <pre className="captured-mail-body">{mail.text}</pre> : null}
    </article>
  );
}
