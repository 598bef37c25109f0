import type { PageFormChoice } from '@app/contract/editor/design-constants';
import type { Page as LandingPage, PageUpdateBody } from '@app/contract/marketing/pages';
import {
  Alert,
  AppLink,
  Button,
  EmbeddedEmailEditor,
  Panel,
  RoleLockedPage,
  roleAllows,
  StatusTag,
  showToast,
  useLoad,
} from '@app/shared';
import { useRef, useState } from 'react';
import { formApi } from '../forms/api.ts';
import { useSaveShortcut } from '../save-shortcut.ts';
import { serverMessage } from '../server-message.ts';
import type { SettingsHandle } from '../settings-form.ts';
import type { PageApi } from './api.ts';
import { PageOfRoute } from './PageOfRoute.tsx';
import { PageSettingsForm } from './PageSettingsForm.tsx';
import { pageStatusView } from './page-query.ts';

/**
 * /page/compose/:id (§2 page-compose): the page builder. Its settings, the block editor with the
 * page blocks (a Form shows one of the company's forms), and publishing; Ctrl+S saves the settings
 * outside the editor and the design inside it (§2). The editor needs 1024 px (it says so below).
 */
export function PageComposePage() {
  return (
    <PageOfRoute title="Page Compose">
      {(api, page) =>
        roleAllows('pages.manage') ? (
          <Composer key={page.pageId} api={api} first={page} />
        ) : (
          <RoleLockedPage title="Page Compose" permission="pages.manage" />
        )
      }
    </PageOfRoute>
  );
}

function Composer({ api, first }: { api: PageApi; first: LandingPage }) {
  const [page, setPage] = useState(first);
  const [publishProblem, setPublishProblem] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const settings = useRef<SettingsHandle>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const forms = useLoad(() => formApi().list({ page: 1, size: 100, sort: 'name' }), []);
  const choices: PageFormChoice[] | undefined = forms.data?.items.map((form) => ({
    id: form.formId,
    name: form.name,
    published: form.published,
  }));

  /** Stores a change; changes go one after another, so the last one made is the one kept. */
  const save = (patch: PageUpdateBody) => {
    const next = queue.current.catch(() => undefined).then(() => api.update(page.pageId, patch));
    queue.current = next;
    return next.then((saved) => {
      setPage(saved);
      setPublishProblem(null);
      return saved;
    });
  };

  useSaveShortcut(() => settings.current?.save());

  const publish = async (on: boolean) => {
    setPublishing(true);
    setPublishProblem(null);
    try {
      await queue.current.catch(() => undefined);
      const done = await api.publish(page.pageId, on);
      setPage(done);
      showToast({
        type: 'success',
        message: on ? `${done.name} is published.` : `${done.name} is unpublished.`,
      });
    } catch (error) {
      setPublishProblem(serverMessage(error));
    } finally {
      setPublishing(false);
    }
  };

  const state = pageStatusView(page);
  const live = page.domainUrl ?? page.url;
  return (
    <>
      <Panel
        title="Publishing"
        actions={
          <>
            <StatusTag variant={state.variant}>{state.label}</StatusTag>
            <AppLink to={`/page/${encodeURIComponent(page.pageId)}`}>Report and sharing</AppLink>
          </>
        }
      >
        {publishProblem ? <Alert type="danger">{publishProblem}</Alert> : null}
        <p>
          {page.published ? (
            <>
              Live at{' '}
              <a href={live} target="_blank" rel="noreferrer">
                {live}
              </a>
              {page.stateDraft ? '. Your changes since are not live yet: publish again to show them.' : '.'}
            </>
          ) : (
            <>Not published. Once published it is at {live}.</>
          )}
        </p>
        <span className="app-page-actions">
          <Button busy={publishing} onClick={() => void publish(true)}>
            {page.published ? (page.stateDraft ? 'Publish changes' : 'Publish again') : 'Publish'}
          </Button>
          {page.published ? (
            <Button variant="secondary" disabled={publishing} onClick={() => void publish(false)}>
              Unpublish
            </Button>
          ) : null}
        </span>
      </Panel>
      <Panel title="Page settings">
        <PageSettingsForm
          ref={settings}
          api={api}
          page={page}
          save={(patch) =>
            save(patch).then(() => showToast({ type: 'success', message: 'The settings are saved.' }))
          }
        />
      </Panel>
      <Panel title="Content">
        <p>
          Drag blocks onto the page; a <strong>Form</strong> block shows one of your forms (publish the form
          before the page). Save (or Ctrl+S) stores the design; publishing makes it live.
        </p>
        {choices ? (
          <EmbeddedEmailEditor
            design={page.design}
            forms={choices}
            onSave={(saved) =>
              void save({ design: saved.design }).then(
                () => showToast({ type: 'success', message: 'The page is saved.' }),
                (error: unknown) => showToast({ type: 'danger', message: serverMessage(error) }),
              )
            }
          />
        ) : forms.error ? (
          <Alert type="danger">The forms could not be loaded: reload the page to open the builder.</Alert>
        ) : null}
      </Panel>
    </>
  );
}
