import type { Page as LandingPage } from '@app/contract/marketing/pages';
import { pageTypes } from '@app/contract/rules/constants';
import {
  $location,
  AppLink,
  Button,
  type Column,
  ConfirmButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  SelectField,
  StatusTag,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { ListSearchForm } from '../lists/ListSearchForm.tsx';
import { pageAfterEnd } from '../lists/list-view.ts';
import { Pager } from '../lists/Pager.tsx';
import { rowAction } from '../lists/row-action.ts';
import { type PageApi, pageApi } from './api.ts';
import { NewPageForm } from './NewPageForm.tsx';
import {
  type PageListView,
  type PageStatusFilter,
  pageListHref,
  pageListOf,
  pageParamsOf,
  pageStatusView,
} from './page-query.ts';

const statusOptions = [
  { value: '', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];
const categoryOptions = [
  { value: '', label: 'All' },
  ...pageTypes.map((type) => ({ value: type.value, label: type.label })),
];
const categoryLabel = Object.fromEntries(pageTypes.map((type) => [type.value, type.label]));

/**
 * /page (§7 /pages; menu "Page"): the company's landing and thank-you pages, newest first, with their
 * state and address; a new one opens in the builder. Search, status, category and page live in the address.
 */
export function PageListPage() {
  const api = pageApi();
  const view = pageListOf(useStore($location).search);
  const { page, size, search, status, category } = view;
  const list = useLoad(() => api.list(pageParamsOf(view)), [api, page, size, search, status, category]);
  const canManage = roleAllows('pages.manage');
  const show = (next: PageListView) => navigate(pageListHref(next));
  const lastPage = list.data ? pageAfterEnd(view, list.data.items.length, list.data.total) : null;

  useEffect(() => {
    if (lastPage !== null) navigate(pageListHref({ ...view, page: lastPage }));
  }, [lastPage, view]);

  const filtered = search !== '' || status !== '' || category !== '';
  const empty = filtered ? (
    <EmptyState
      title="No matching pages"
      action={
        <Button
          variant="secondary"
          onClick={() => show({ ...view, search: '', status: '', category: '', page: 1 })}
        >
          Clear filters
        </Button>
      }
    >
      Nothing matches these filters. Clear them to see every page.
    </EmptyState>
  ) : (
    <EmptyState title="No pages yet">
      A landing page puts a form and your offer at an address of its own; a thank-you page is where visitors
      land after signing up.
    </EmptyState>
  );

  return (
    <Page
      title="Page"
      description={
        <>
          Landing and thank-you pages, hosted on their own address.{' '}
          <AppLink to="/page/integration">Page Integration</AppLink> sets where.
        </>
      }
    >
      <Panel title="New page">
        {canManage ? (
          <NewPageForm api={api} />
        ) : (
          <RoleLockedButton label="New page" permission="pages.manage" />
        )}
      </Panel>
      <Panel title="Pages">
        <ListSearchForm
          key={`${search}|${status}|${category}`}
          label="Search pages"
          search={search}
          placeholder="Page name or permalink"
          onSearch={(text) => show({ ...view, search: text, page: 1 })}
          filters={(text) => (
            <>
              <SelectField
                label="Status"
                value={status}
                options={statusOptions}
                onChange={(next) =>
                  show({ ...view, search: text, status: next as PageStatusFilter, page: 1 })
                }
              />
              <SelectField
                label="Category"
                value={category}
                options={categoryOptions}
                onChange={(next) =>
                  show({ ...view, search: text, category: next as PageListView['category'], page: 1 })
                }
              />
            </>
          )}
        />
        <LoadStatus
          loaded={list}
          lines={4}
          loading="Loading pages ..."
          failed="The pages could not be loaded"
        />
        {list.data ? (
          <>
            <PageTable
              api={api}
              items={list.data.items}
              canManage={canManage}
              empty={empty}
              onChanged={list.reload}
            />
            <Pager
              label="Pages"
              page={page}
              size={size}
              total={list.data.total}
              onPage={(next) => show({ ...view, page: next })}
            />
          </>
        ) : null}
      </Panel>
    </Page>
  );
}

function PageTable({
  api,
  items,
  canManage,
  empty,
  onChanged,
}: {
  api: PageApi;
  items: readonly LandingPage[];
  canManage: boolean;
  empty: ReactNode;
  onChanged: () => void;
}) {
  const act = rowAction(onChanged);
  const columns: Column<LandingPage>[] = [
    {
      key: 'name',
      label: 'Page',
      render: (page) => <AppLink to={`/page/${encodeURIComponent(page.pageId)}`}>{page.name}</AppLink>,
    },
    { key: 'category', label: 'Category', secondary: true, render: (page) => categoryLabel[page.category] },
    {
      key: 'status',
      label: 'Status',
      render: (page) => {
        const state = pageStatusView(page);
        return <StatusTag variant={state.variant}>{state.label}</StatusTag>;
      },
    },
    {
      key: 'address',
      label: 'Address',
      secondary: true,
      render: (page) =>
        page.published ? (
          <a href={page.domainUrl ?? page.url} target="_blank" rel="noreferrer">
            /{page.permalink}
          </a>
        ) : (
          <span className="muted">/{page.permalink}</span>
        ),
    },
    {
      key: 'updated',
      label: 'Last update',
      secondary: true,
      render: (page) => formatUserDateTime(page.lastUpdate),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (page: LandingPage) => (
              <span className="app-page-actions">
                <AppLink to={`/page/compose/${encodeURIComponent(page.pageId)}`}>Edit</AppLink>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() =>
                    void act(
                      () => api.publish(page.pageId, !page.published),
                      page.published ? `${page.name} is unpublished.` : `${page.name} is published.`,
                    ).catch(() => undefined)
                  }
                >
                  {page.published ? 'Unpublish' : 'Publish'}
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() =>
                    void act(() => api.duplicate(page.pageId), `A copy of ${page.name} is made.`).catch(
                      () => undefined,
                    )
                  }
                >
                  Duplicate
                </Button>
                <ConfirmButton
                  label="Delete"
                  size="small"
                  title="Delete page"
                  question={
                    <p>
                      Delete {page.name}?
                      {page.published ? ' It is published: it leaves its address at once.' : ''} Its visit
                      reports go with it.
                    </p>
                  }
                  confirmLabel="Delete"
                  onConfirm={() => act(() => api.remove([page.pageId]), `${page.name} is deleted.`)}
                />
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable label="Pages" columns={columns} rows={items} rowKey={(page) => page.pageId} empty={empty} />
  );
}
