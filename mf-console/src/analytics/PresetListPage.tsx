import type { AnalyticPreset } from '@app/contract';
import {
  AppLink,
  Button,
  ConfirmButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  showToast,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { deletePreset, listPresets, renamePreset } from './api.ts';
import { PresetNameDialog } from './PresetNameDialog.tsx';
import { presetSummary } from './preset-summary.ts';

const pageSize = 10;

/** /preset: the company's saved analytics views; open, rename or delete each (delete asks first). */
export function PresetListPage() {
  const list = useLoad(listPresets, []);
  const [renaming, setRenaming] = useState<AnalyticPreset | null>(null);
  const [page, setPage] = useState(1);
  const presets = list.data ?? [];
  const pages = Math.max(1, Math.ceil(presets.length / pageSize));
  const current = Math.min(page, pages);
  const shown = presets.slice((current - 1) * pageSize, current * pageSize);

  return (
    <Page
      title="Preset"
      description="Saved analytics views: a range, the statuses, a breakdown and filters, under a name."
      actions={<LinkButton to="/analytic">Open Analytic</LinkButton>}
    >
      <LoadStatus
        loaded={list}
        lines={4}
        loading="Loading presets ..."
        failed="The presets could not be loaded"
      />
      {list.data ? (
        <Panel>
          <DataTable
            label="Presets"
            rows={shown}
            rowKey={(preset) => preset.id}
            columns={[
              {
                key: 'name',
                label: 'Name',
                render: (preset) => <AppLink to={`/analytic/preset/${preset.id}`}>{preset.name}</AppLink>,
              },
              { key: 'range', label: 'Range', render: (preset) => presetSummary(preset.filters).range },
              {
                key: 'view',
                label: 'View',
                secondary: true,
                render: (preset) => presetSummary(preset.filters).view,
              },
              {
                key: 'updated',
                label: 'Updated',
                secondary: true,
                render: (preset) => formatUserDateTime(new Date(preset.updated_at)),
              },
              {
                key: 'actions',
                label: 'Actions',
                render: (preset) => (
                  <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                    <Button variant="secondary" size="small" onClick={() => setRenaming(preset)}>
                      Rename<span className="visually-hidden"> {preset.name}</span>
                    </Button>
                    <ConfirmButton
                      label="Delete"
                      size="small"
                      title="Delete preset"
                      question={`Delete the preset "${preset.name}"? The mail data stays; only this saved view goes.`}
                      confirmLabel="Delete preset"
                      onConfirm={async () => {
                        await deletePreset(preset.id);
                        showToast({ type: 'success', message: 'The preset is deleted.' });
                        list.reload();
                      }}
                    />
                  </div>
                ),
              },
            ]}
            empty={
              <EmptyState
                title="No presets yet"
                action={
                  <LinkButton to="/analytic" variant="primary">
                    Open Analytic
                  </LinkButton>
                }
              >
                Choose a range, statuses and a breakdown on the Analytic page, then "Save as preset" to come
                back to that view in one click.
              </EmptyState>
            }
          />
          {pages > 1 ? (
            <nav
              aria-label="Preset pages"
              style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12 }}
            >
              <Button
                variant="secondary"
                size="small"
                disabled={current <= 1}
                onClick={() => setPage(current - 1)}
              >
                Previous
              </Button>
              <span>
                Page {current} of {pages}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={current >= pages}
                onClick={() => setPage(current + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </Panel>
      ) : null}
      <PresetNameDialog
        open={renaming !== null}
        title="Rename preset"
        initial={renaming?.name ?? ''}
        confirmLabel="Rename"
        onClose={() => setRenaming(null)}
        onSubmit={async (name) => {
          if (!renaming) return;
          await renamePreset(renaming.id, name);
          showToast({ type: 'success', message: 'The preset is renamed.' });
          list.reload();
        }}
      />
    </Page>
  );
}
