import type { TemplateSummary } from '@app/contract';
import {
  AppLink,
  Button,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  TextField,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { listTemplates } from './api.ts';
import { templateFeature } from './gate.tsx';
import { styles } from './styles.ts';
import { TemplateStatus } from './TemplateStatus.tsx';
import { pageOf, searchTemplates } from './template-search.ts';

const pageSize = 20;

/** /template: every template by name and ID, its state (published, draft), its last update; searchable. */
export function TemplateListPage() {
  const list = useLoad(listTemplates, []);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const canCreate = templateFeature('create');
  const withDetail = templateFeature('detail');
  const create = !canCreate ? null : roleAllows('templates.manage') ? (
    <LinkButton to="/template/add" variant="primary">
      Add template
    </LinkButton>
  ) : (
    <RoleLockedButton label="Add template" permission="templates.manage" />
  );

  const found = searchTemplates(list.data ?? [], search);
  const shown = pageOf(found, page, pageSize);

  const columns = [
    {
      key: 'name',
      label: 'Name',
      render: (template: TemplateSummary) =>
        withDetail ? (
          <AppLink to={`/template/${encodeURIComponent(template.id)}`}>{template.name}</AppLink>
        ) : (
          template.name
        ),
    },
    { key: 'id', label: 'Template ID', render: (template: TemplateSummary) => <code>{template.id}</code> },
    {
      key: 'status',
      label: 'Status',
      render: (template: TemplateSummary) => <TemplateStatus template={template} />,
    },
    {
      key: 'updated',
      label: 'Last update',
      secondary: true,
      render: (template: TemplateSummary) => formatUserDateTime(template.last_update_time),
    },
  ];

  return (
    <Page
      title="Template"
      description="Stored messages that transmissions send by ID, with substitution data for each recipient."
      actions={list.data && list.data.length > 0 ? create : null}
    >
      <LoadStatus
        loaded={list}
        lines={5}
        loading="Loading templates ..."
        failed="The templates could not be loaded"
      />
      {list.data ? (
        <Panel>
          {list.data.length > 0 ? (
            <div style={styles.toolbar}>
              <TextField
                label="Search by name or ID"
                type="search"
                value={search}
                autoComplete="off"
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
              />
              <span className="muted" role="status">
                {found.length === list.data.length
                  ? `${found.length} template${found.length === 1 ? '' : 's'}`
                  : `${found.length} of ${list.data.length} templates`}
              </span>
            </div>
          ) : null}
          <DataTable
            label="Templates"
            columns={columns}
            rows={shown.rows}
            rowKey={(template) => template.id}
            empty={
              list.data.length === 0 ? (
                <EmptyState title="No templates yet" action={create}>
                  A template holds a message's subject, HTML and text with substitutions such as{' '}
                  {'{{first_name}}'}. Transmissions send it by its ID, so your code does not carry the
                  content.
                </EmptyState>
              ) : (
                <EmptyState title="No template matches">
                  Nothing is named or has an ID containing “{search}”.
                </EmptyState>
              )
            }
          />
          {shown.pages > 1 ? (
            <nav aria-label="Template pages" style={{ ...styles.actions, marginTop: 12 }}>
              <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {shown.page} of {shown.pages}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={shown.page >= shown.pages}
                onClick={() => setPage(shown.page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </Panel>
      ) : null}
    </Page>
  );
}
