import {
  type TemplateType,
  templateCategories,
  templateTypeLabels,
  templateTypes,
} from '@app/contract/marketing/template-words';
import type { Template } from '@app/contract/marketing/templates';
import {
  $location,
  Button,
  EmptyState,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  SelectField,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { ListSearchForm } from '../lists/ListSearchForm.tsx';
import { pageAfterEnd } from '../lists/list-view.ts';
import { Pager } from '../lists/Pager.tsx';
import { templateApi } from './api.ts';
import { NewTemplateForm } from './NewTemplateForm.tsx';
import { OneFieldDialog } from './OneFieldDialog.tsx';
import { SharedTemplatePanel } from './SharedTemplatePanel.tsx';
import { TemplateCard } from './TemplateCard.tsx';
import { TemplateLabelsPanel } from './TemplateLabelsPanel.tsx';
import {
  type TemplateListView,
  templateListHref,
  templateListOf,
  templateParamsOf,
} from './template-query.ts';

const showOptions = [
  { value: '', label: 'Your templates' },
  { value: 'featured', label: 'Featured' },
];
const kindNoun: Record<TemplateType, string> = { email: 'campaign', page: 'page', form: 'form' };

/**
 * /template-manager (§1 templates for email, page and form; menu "Template Manager"): the company's
 * templates of each kind and the featured ones, as cards; "Use this template" starts a campaign,
 * page or form. The kind, filters and page live in the address; a share link's token too.
 */
export function TemplateManagerPage() {
  const api = templateApi();
  const view = templateListOf(useStore($location).search);
  const { type, featured, page, size, search, category, label } = view;
  const list = useLoad(
    () => api.list(templateParamsOf(view)),
    [api, type, featured, page, size, search, category, label],
  );
  const labels = useLoad(() => api.labels(), [api]);
  const canManage = roleAllows('marketingTemplates.manage');
  const [sharing, setSharing] = useState<Template | null>(null);
  const show = (next: TemplateListView) => navigate(templateListHref(next));
  const lastPage = list.data ? pageAfterEnd(view, list.data.items.length, list.data.total) : null;
  useEffect(() => {
    if (lastPage !== null) navigate(templateListHref({ ...view, page: lastPage }));
  }, [lastPage, view]);

  const reload = () => {
    list.reload();
    labels.reload();
  };
  const filtered = search !== '' || category !== '' || label !== '';
  const noun = templateTypeLabels[type].toLowerCase();
  const empty = filtered ? (
    <EmptyState
      title="No matching templates"
      action={
        <Button
          variant="secondary"
          onClick={() => show({ ...view, search: '', category: '', label: '', page: 1 })}
        >
          Clear filters
        </Button>
      }
    >
      Nothing matches these filters. Clear them to see every template.
    </EmptyState>
  ) : featured ? (
    <EmptyState title="No featured templates of this kind">Start from an empty template instead.</EmptyState>
  ) : (
    <EmptyState
      title={`No ${noun} templates yet`}
      action={
        <Button variant="secondary" onClick={() => show({ ...view, featured: true, page: 1 })}>
          See the featured ones
        </Button>
      }
    >
      Make one here, or save a {kindNoun[type]} as a template from its page.
    </EmptyState>
  );

  return (
    <Page
      title="Template Manager"
      description="Email, page and form templates: start a campaign, page or form from one, or keep your own to reuse and share."
    >
      {view.shared ? (
        <SharedTemplatePanel
          api={api}
          token={view.shared}
          onDone={(added) => {
            show({ ...view, shared: '', featured: false, type: added?.type ?? type, page: 1 });
            reload();
          }}
        />
      ) : null}
      <nav className="template-kinds" aria-label="Template kinds">
        {templateTypes.map((kind) => (
          <KindLink
            key={kind}
            to={templateListHref({ ...view, type: kind, page: 1, category: '', label: '' })}
            current={kind === type}
          >
            {templateTypeLabels[kind]} templates
          </KindLink>
        ))}
      </nav>
      <Panel title={`New ${noun} template`}>
        {canManage ? (
          <NewTemplateForm key={type} api={api} type={type} />
        ) : (
          <RoleLockedButton label="New template" permission="marketingTemplates.manage" />
        )}
      </Panel>
      <Panel title={`${templateTypeLabels[type]} templates`}>
        <ListSearchForm
          key={`${type}|${search}|${category}|${label}|${featured}`}
          label="Search templates"
          search={search}
          placeholder="Template name"
          onSearch={(text) => show({ ...view, search: text, page: 1 })}
          filters={(text) => (
            <>
              <SelectField
                label="Show"
                value={featured ? 'featured' : ''}
                options={showOptions}
                onChange={(next) => show({ ...view, search: text, featured: next === 'featured', page: 1 })}
              />
              <SelectField
                label="Category"
                value={category}
                options={[{ value: '', label: 'All' }, ...templateCategories]}
                onChange={(next) =>
                  show({ ...view, search: text, category: next as TemplateListView['category'], page: 1 })
                }
              />
              {featured ? null : (
                <SelectField
                  label="Label"
                  value={label}
                  options={[
                    { value: '', label: 'All' },
                    ...(labels.data ?? []).map((entry) => ({ value: entry.name, label: entry.name })),
                  ]}
                  onChange={(next) => show({ ...view, search: text, label: next, page: 1 })}
                />
              )}
            </>
          )}
        />
        <LoadStatus
          loaded={list}
          lines={4}
          loading="Loading templates ..."
          failed="The templates could not be loaded"
        />
        {list.data ? (
          <>
            {list.data.items.length === 0 ? (
              empty
            ) : (
              <ul className="template-grid" aria-label={`${templateTypeLabels[type]} templates`}>
                {list.data.items.map((template) => (
                  <TemplateCard
                    key={template.templateId}
                    api={api}
                    template={template}
                    canManage={canManage}
                    onShare={setSharing}
                    onChanged={reload}
                  />
                ))}
              </ul>
            )}
            <Pager
              label="Templates"
              page={page}
              size={size}
              total={list.data.total}
              onPage={(next) => show({ ...view, page: next })}
            />
          </>
        ) : null}
      </Panel>
      {featured ? null : (
        <TemplateLabelsPanel api={api} labels={labels} canManage={canManage} onChanged={reload} />
      )}
      <OneFieldDialog
        open={sharing !== null}
        title={`Share ${sharing?.name ?? 'the template'}`}
        label="Email address"
        type="email"
        maxLength={254}
        hint="They get a link that adds a copy to their own Template Manager once they sign in. It works once, for 14 days."
        submitLabel="Share"
        submit={async (email) => {
          if (!sharing) return;
          await api.share(sharing.templateId, email);
          showToast({ type: 'success', message: `Template shared with ${email}.` });
        }}
        onClose={() => setSharing(null)}
      />
    </Page>
  );
}

/** A kind's tab: an in-app link, marked `aria-current` when it is the kind shown. */
function KindLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <a
      href={to}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
