import type { PageDomain } from '@app/contract/marketing/page-domains';
import {
  Alert,
  Button,
  type Column,
  ConfirmButton,
  CopyField,
  DataTable,
  EmptyState,
  FormError,
  formatUserDate,
  LoadStatus,
  Page,
  Panel,
  roleAllows,
  StatusTag,
  showToast,
  TextField,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import { type PageApi, pageApi } from './api.ts';
import { PixelsForm } from './PixelsForm.tsx';

/**
 * /page/integration (menu "Page Integration", §7 /domains): where the company's pages are served: its
 * slug on the sites address, and its own domains (verified by a DNS TXT record, routed by Host).
 */
export function PageIntegrationPage() {
  const api = pageApi();
  const sites = useLoad(() => api.sites(), [api]);
  const canManage = roleAllows('pages.manage');
  return (
    <Page title="Page Integration" description="Where your landing and thank-you pages are served.">
      <LoadStatus loaded={sites} lines={3} loading="Loading ..." failed="The addresses could not be loaded" />
      {sites.data ? (
        <>
          <Panel title="Site address">
            <CopyField label="Your pages are at" value={`${sites.data.siteUrl}/<permalink>`} />
            {canManage ? <SlugForm api={api} slug={sites.data.slug} onSaved={sites.reload} /> : null}
          </Panel>
          <Panel title="Analytics and pixels">
            <p>
              Loaded on your published pages only, never in this console. Each page's security policy allows
              these services' addresses only when you use them.
            </p>
            <PixelsForm api={api} canManage={canManage} />
          </Panel>
          <Panel title="Your domains">
            <p>
              Serve your pages on a domain of yours: add it, publish the TXT record shown to prove it is
              yours, point the domain at{' '}
              <code>{sites.data.items[0]?.target ?? new URL(sites.data.siteUrl).host}</code> (a CNAME, or its
              address), then verify.{' '}
              {sites.data.certificates
                ? 'Generate SSL then asks the certificate authority for its HTTPS certificate (the domain must answer on port 80).'
                : 'HTTPS comes from the proxy in front of this server: it does not ask for certificates itself.'}
            </p>
            {canManage ? <AddDomainForm api={api} onAdded={sites.reload} /> : null}
            <DomainTable api={api} items={sites.data.items} canManage={canManage} onChanged={sites.reload} />
          </Panel>
        </>
      ) : null}
    </Page>
  );
}

function SlugForm({ api, slug, onSaved }: { api: PageApi; slug: string; onSaved: () => void }) {
  const [value, setValue] = useState(slug);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="Site slug"
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        setProblem(undefined);
        setBusy(true);
        try {
          await api.setSlug(value.trim().toLowerCase());
          showToast({
            type: 'success',
            message: 'The slug is changed: your pages moved to their new address.',
          });
          onSaved();
        } catch (error) {
          setProblem(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField
        label="Slug"
        value={value}
        maxLength={40}
        error={problem}
        hint="3 to 40 lower-case letters, digits and hyphens; changing it moves every page's address"
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" variant="secondary" busy={busy} disabled={value.trim() === slug}>
        Change slug
      </Button>
    </form>
  );
}

function AddDomainForm({ api, onAdded }: { api: PageApi; onAdded: () => void }) {
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="Add a domain"
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        if (name.trim() === '') return setFailure('Enter a domain name like www.example.com');
        setBusy(true);
        try {
          await api.addDomain(name.trim());
          setName('');
          onAdded();
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <TextField
        label="Domain"
        placeholder="pages.example.com"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        Add domain
      </Button>
    </form>
  );
}

function DomainTable({
  api,
  items,
  canManage,
  onChanged,
}: {
  api: PageApi;
  items: readonly PageDomain[];
  canManage: boolean;
  onChanged: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (run: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await run();
      showToast({ type: 'success', message: done });
      onChanged();
    } catch (error) {
      setProblem(serverMessage(error));
    }
  };
  const columns: Column<PageDomain>[] = [
    { key: 'name', label: 'Domain', render: (domain) => domain.name },
    {
      key: 'state',
      label: 'State',
      render: (domain) => (
        <StatusTag variant={domain.validated ? 'success' : 'warning'}>
          {domain.validated ? (domain.default ? 'Verified, default' : 'Verified') : 'Not verified'}
        </StatusTag>
      ),
    },
    {
      key: 'ssl',
      label: 'HTTPS',
      secondary: true,
      render: (domain) =>
        domain.ssl.status === 'active' && domain.ssl.expiresAt ? (
          <StatusTag variant="success">Until {formatUserDate(domain.ssl.expiresAt)}</StatusTag>
        ) : domain.ssl.status === 'expired' ? (
          <StatusTag variant="danger">Certificate expired</StatusTag>
        ) : (
          <span className="muted">{domain.ssl.available ? 'No certificate yet' : 'By your proxy'}</span>
        ),
    },
    {
      key: 'record',
      label: 'TXT record',
      secondary: true,
      render: (domain) =>
        domain.validated ? (
          <a href={domain.url} target="_blank" rel="noreferrer">
            {domain.url}
          </a>
        ) : (
          <dl className="app-definitions">
            <dt>Name</dt>
            <dd>
              <code>{domain.verification.host}</code>
            </dd>
            <dt>Value</dt>
            <dd>
              <code>{domain.verification.value}</code>
            </dd>
          </dl>
        ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (domain: PageDomain) => (
              <span className="app-page-actions">
                {domain.validated && domain.ssl.available ? (
                  <Button
                    size="small"
                    variant="secondary"
                    onClick={() =>
                      void act(
                        () => api.generateSsl(domain.domainId),
                        `${domain.name} has its HTTPS certificate.`,
                      )
                    }
                  >
                    Generate SSL
                  </Button>
                ) : null}
                {domain.validated ? (
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={domain.default}
                    onClick={() =>
                      void act(
                        () => api.setDefaultDomain(domain.domainId),
                        `${domain.name} is the default now.`,
                      )
                    }
                  >
                    Make default
                  </Button>
                ) : (
                  <Button
                    size="small"
                    onClick={() =>
                      void act(() => api.verifyDomain(domain.domainId), `${domain.name} is verified.`)
                    }
                  >
                    Verify
                  </Button>
                )}
                <ConfirmButton
                  label="Remove"
                  size="small"
                  title="Remove domain"
                  question={<p>Remove {domain.name}? Your pages are no longer served there.</p>}
                  confirmLabel="Remove"
                  onConfirm={() => act(() => api.removeDomain(domain.domainId), `${domain.name} is removed.`)}
                />
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      {problem ? <Alert type="danger">{problem}</Alert> : null}
      <DataTable
        label="Domains"
        columns={columns}
        rows={items}
        rowKey={(domain) => domain.domainId}
        empty={
          <EmptyState title="No domains yet">Your pages are served at the site address above.</EmptyState>
        }
      />
    </>
  );
}
