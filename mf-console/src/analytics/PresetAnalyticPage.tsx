import {
  $currentRoute,
  $location,
  Alert,
  ApiError,
  Button,
  LinkButton,
  navigate,
  Page,
  Skeleton,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { AnalyticsView } from './AnalyticsView.tsx';
import { getPreset, updatePresetFilters } from './api.ts';
import { filterSetFromQuery, queryOfFilterSet } from './filter-set.ts';
import { SavePresetButton } from './SavePresetButton.tsx';

/**
 * /analytic/preset/:id: the analytics page with a saved preset's filters. Changes go to the URL
 * query (the preset stays as saved) until "Update preset" saves them into it.
 */
export function PresetAnalyticPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const { pathname, search } = useStore($location);
  const preset = useLoad(() => getPreset(id), [id]);
  const [saving, setSaving] = useState(false);
  const edited = new URLSearchParams(search).has('range');
  const set = useMemo(
    () => (edited || !preset.data ? filterSetFromQuery(search) : preset.data.filters),
    [edited, search, preset.data],
  );

  if (preset.status === 'failed') {
    const missing = preset.error instanceof ApiError && preset.error.status === 404;
    return (
      <Page title="Analytic Preset">
        <Alert type="danger" title={missing ? 'Preset not found' : 'The preset could not be loaded'}>
          {missing ? 'This preset does not exist or was deleted. ' : `${preset.error.message} `}
          {missing ? null : (
            <Button variant="text" size="small" onClick={preset.reload}>
              Try again
            </Button>
          )}
        </Alert>
        <LinkButton to="/preset">All presets</LinkButton>
      </Page>
    );
  }
  if (!preset.data) return <Skeleton lines={6} label="Loading the preset ..." />;

  const update = async () => {
    setSaving(true);
    try {
      await updatePresetFilters(id, set);
      showToast({ type: 'success', message: 'The preset is updated.' });
      navigate(pathname);
      preset.reload();
    } catch {
      // The failure is shown as a toast by the API client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page
      title={preset.data.name}
      description="An analytics preset. Changing the filters does not change the preset until you update it."
      actions={
        <>
          {edited ? (
            <Button onClick={() => void update()} busy={saving}>
              Update preset
            </Button>
          ) : null}
          <SavePresetButton set={set} />
          <LinkButton to="/preset">All presets</LinkButton>
        </>
      }
    >
      <AnalyticsView set={set} onChange={(next) => navigate(`${pathname}?${queryOfFilterSet(next)}`)} />
    </Page>
  );
}
