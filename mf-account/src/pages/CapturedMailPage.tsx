import { Alert, Button, http, Spinner, sanitizeHtml } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';
import { AppLink } from '../links.tsx';

interface MailSummary {
  id: string;
  to: string;
  from: string;
  subject: string;
  createdAt: string;
}

interface Mail extends MailSummary {
  html: string | null;
  text: string | null;
}

interface MailPage {
  items: MailSummary[];
  total: number;
  page: number;
  size: number;
}

const pageSize = 20;

/** The local mail viewer: what the server would have sent while MAIL_MODE=capture. */
export function CapturedMailPage() {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<MailPage | null>(null);
  const [selected, setSelected] = useState<Mail | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      setList(
        await http.config.get<MailPage>(`/captured-mail?page=${page}&size=${pageSize}`, { quiet: true }),
      );
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [page]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (id: string) => {
    try {
      setSelected(await http.config.get<Mail>(`/captured-mail/${id}`, { quiet: true }));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const pages = list ? Math.max(1, Math.ceil(list.total / pageSize)) : 1;
  return (
    <main className="shell-page" style={{ maxWidth: 1100, margin: '24px auto', padding: '0 16px' }}>
      <h1>Captured mail</h1>
      <p className="muted">
        Mail the server sent while it runs with MAIL_MODE=capture. Nothing here left this machine.{' '}
        <AppLink to="/login">Back to sign in</AppLink>
      </p>
      {error ? <Alert type="danger">{error}</Alert> : null}
      <p>
        <Button variant="secondary" onClick={() => void load()}>
          Refresh
        </Button>
      </p>
      {!list ? <Spinner /> : null}
      {list && list.items.length === 0 ? (
        <div className="app-empty">
          <h2>No mail yet</h2>
          <p className="muted">Sign up or ask for a password reset, and the mail appears here.</p>
        </div>
      ) : null}
      {list && list.items.length > 0 ? (
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
                <td>{new Date(mail.createdAt).toLocaleString()}</td>
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
      ) : null}
      {list && pages > 1 ? (
        <nav aria-label="Pages" style={{ display: 'flex', gap: 8, marginTop: 12 }}>
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
    </main>
  );
}

function MailView({ mail }: { mail: Mail }) {
  return (
    <article className="app-card" style={{ marginTop: 16 }} aria-label="Message">
      <h2>{mail.subject}</h2>
      <p className="muted">
        From {mail.from} to {mail.to}
      </p>
      {mail.html ? (
        <iframe
          title="Message body"
          // No scripts, no same-origin access; links open in a new tab instead of inside the frame.
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={`<base target="_blank">${sanitizeHtml(mail.html)}`}
          style={{ width: '100%', minHeight: 320, border: '1px solid var(--app-border)', borderRadius: 8 }}
        />
      ) : null}
      {mail.text ? <pre style={{ whiteSpace: 'pre-wrap' }}>{mail.text}</pre> : null}
    </article>
  );
}
