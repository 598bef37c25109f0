import type { CampaignCategory } from '@app/contract/marketing/campaign-categories';
import {
  AppLink,
  Button,
  type Column,
  ConfirmButton,
  DataTable,
  EmptyState,
  LoadStatus,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  showToast,
  TextField,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import { type CampaignApi, campaignApi } from './api.ts';

const nameMax = 100;

/** The name as the server takes it, or why not. */
function problemOf(name: string): string | undefined {
  if (name.trim() === '') return 'Enter the category name';
  if (name.trim().length > nameMax) return 'A category name has at most 100 characters';
  return undefined;
}

/** A category name's form: a new one, or a rename in place. */
function CategoryNameForm({
  label,
  start = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  start?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(start);
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label={label}
      className="app-page-actions"
      style={{ alignItems: 'start' }}
      onSubmit={async (event) => {
        event.preventDefault();
        const found = problemOf(name);
        setProblem(found);
        setFailure(null);
        if (found) return;
        setBusy(true);
        try {
          await onSubmit(name.trim());
          if (!onCancel) setName('');
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField
        label={label}
        name="name"
        maxLength={nameMax}
        autoComplete="off"
        value={name}
        error={problem ?? failure ?? undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="app-page-actions" style={{ marginTop: 'var(--sl-spacing-x-large)' }}>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * /campaign/category (§2 Campaign Category): the company's names to sort campaigns by, each with
 * how many campaigns it holds; deleting one leaves its campaigns without a category.
 */
export function CampaignCategoryPage() {
  const api = campaignApi();
  const categories = useLoad(() => api.categories(), [api]);
  const canCompose = roleAllows('campaigns.compose');
  return (
    <Page
      title="Campaign Category"
      description={
        <>
          Group your campaigns; the <AppLink to="/campaign">campaign list</AppLink> filters by category.
        </>
      }
    >
      <Panel title="New category">
        {canCompose ? (
          <CategoryNameForm
            label="Category name"
            submitLabel="Add category"
            onSubmit={async (name) => {
              await api.createCategory(name);
              showToast({ type: 'success', message: `The category ${name} is added.` });
              categories.reload();
            }}
          />
        ) : (
          <RoleLockedButton label="Add category" permission="campaigns.compose" />
        )}
      </Panel>
      <Panel title="Categories">
        <LoadStatus
          loaded={categories}
          lines={3}
          loading="Loading categories ..."
          failed="The categories could not be loaded"
        />
        {categories.data ? (
          <CategoryTable
            api={api}
            items={categories.data.items}
            canCompose={canCompose}
            onChanged={categories.reload}
          />
        ) : null}
      </Panel>
    </Page>
  );
}

function CategoryTable({
  api,
  items,
  canCompose,
  onChanged,
}: {
  api: CampaignApi;
  items: readonly CampaignCategory[];
  canCompose: boolean;
  onChanged: () => void;
}) {
  const [renaming, setRenaming] = useState<string>();
  const columns: Column<CampaignCategory>[] = [
    {
      key: 'name',
      label: 'Category',
      render: (item) =>
        renaming === item.id ? (
          <CategoryNameForm
            label={`New name for ${item.name}`}
            start={item.name}
            submitLabel="Save"
            onCancel={() => setRenaming(undefined)}
            onSubmit={async (name) => {
              await api.renameCategory(item.id, name);
              setRenaming(undefined);
              onChanged();
            }}
          />
        ) : (
          item.name
        ),
    },
    {
      key: 'campaigns',
      label: 'Campaigns',
      render: (item) => (
        <AppLink to={`/campaign?category=${encodeURIComponent(item.id)}`}>
          {item.campaigns.toLocaleString('en-US')}
        </AppLink>
      ),
    },
    ...(canCompose
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (item: CampaignCategory) => (
              <span className="app-page-actions">
                <Button size="small" variant="secondary" onClick={() => setRenaming(item.id)}>
                  Rename
                </Button>
                <ConfirmButton
                  label="Delete"
                  size="small"
                  title="Delete category"
                  question={
                    <p>
                      Delete {item.name}? Its {item.campaigns} campaign{item.campaigns === 1 ? '' : 's'} stay,
                      without a category.
                    </p>
                  }
                  confirmLabel="Delete"
                  onConfirm={async () => {
                    await api.removeCategory(item.id);
                    showToast({ type: 'success', message: `${item.name} is deleted.` });
                    onChanged();
                  }}
                />
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label="Categories"
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      empty={
        <EmptyState title="No categories yet">
          Add one above, then choose it in a campaign's settings.
        </EmptyState>
      }
    />
  );
}
