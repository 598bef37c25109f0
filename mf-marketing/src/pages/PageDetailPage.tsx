import type { Page as LandingPage } from '@app/contract/marketing/pages';
import {
  AppLink,
  Button,
  CopyField,
  navigate,
  Panel,
  roleAllows,
  StatusTag,
  SwitchField,
  showToast,
} from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import { ChangeTemplateButton } from '../templates/ChangeTemplateButton.tsx';
import { SaveAsTemplateButton } from '../templates/SaveAsTemplateButton.tsx';
import type { PageApi } from './api.ts';
import { PageOfRoute } from './PageOfRoute.tsx';
import { PageReportPanel } from './PageReportPanel.tsx';
import { pageStatusView } from './page-query.ts';

/** /page/:id: where a page is, its site roles (default, 404), sharing its draft, a copy, and its report. */
export function PageDetailPage() {
  return (
    <PageOfRoute title="Page">
      {(api, page) => (
        <>
          <PageActions key={page.pageId} api={api} first={page} />
          <PageReportPanel api={api} pageId={page.pageId} />
        </>
      )}
    </PageOfRoute>
  );
}

function PageActions({ api, first }: { api: PageApi; first: LandingPage }) {
  const [page, setPage] = useState(first);
  const canManage = roleAllows('pages.manage');
  const change = (run: () => Promise<LandingPage>, done: (page: LandingPage) => string) =>
    run().then(
      (changed) => {
        setPage(changed);
        showToast({ type: 'success', message: done(changed) });
      },
      (error: unknown) => showToast({ type: 'danger', message: serverMessage(error) }),
    );
  const state = pageStatusView(page);
  return (
    <Panel
      title="Where it is"
      actions={
        <>
          <StatusTag variant={state.variant}>{state.label}</StatusTag>
          {canManage ? (
            <AppLink to={`/page/compose/${encodeURIComponent(page.pageId)}`}>Edit page</AppLink>
          ) : null}
        </>
      }
    >
      <CopyField
        label="Address"
        value={page.url}
        hint={page.published ? 'On your site at the sites address' : 'Where it will be once published'}
      />
      {page.domainUrl ? <CopyField label="On your domain" value={page.domainUrl} /> : null}
      {canManage ? (
        <>
          <SwitchField
            label="Your site's home page"
            hint="Shown at the site's own address (and your domain's /)"
            checked={page.default}
            onChange={(on) =>
              void change(
                () => api.setDefault(page.pageId, on),
                () => (on ? 'It is the home page now.' : 'It is no longer the home page.'),
              )
            }
          />
          <SwitchField
            label="Your site's page for unknown addresses (404)"
            checked={page.default404}
            onChange={(on) =>
              void change(
                () => api.setDefault404(page.pageId, on),
                () =>
                  on
                    ? 'It answers unknown addresses now.'
                    : 'Unknown addresses show a plain "Page not found".',
              )
            }
          />
          <SwitchField
            label="Share the draft"
            hint="Anyone with the link sees the page as it is now, published or not"
            checked={page.shared}
            onChange={(on) =>
              void change(
                () => api.share(page.pageId, on),
                () => (on ? 'The draft is shared.' : 'The share link no longer works.'),
              )
            }
          />
          {page.shareUrl ? <CopyField label="Share link" value={page.shareUrl} /> : null}
          <p>
            <Button
              variant="secondary"
              onClick={() =>
                void api.duplicate(page.pageId).then(
                  (copy) => {
                    showToast({ type: 'success', message: `${copy.name} is made.` });
                    navigate(`/page/compose/${encodeURIComponent(copy.pageId)}`);
                  },
                  (error: unknown) => showToast({ type: 'danger', message: serverMessage(error) }),
                )
              }
            >
              Duplicate
            </Button>{' '}
            <SaveAsTemplateButton from="page" id={page.pageId} name={page.name} />{' '}
            <ChangeTemplateButton pageId={page.pageId} pageName={page.name} />
          </p>
        </>
      ) : null}
    </Panel>
  );
}
