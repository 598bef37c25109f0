import type { AnalyticFilterSet } from '@app/contract';
import { Button, consoleFeature, navigate, showToast } from '@app/shared';
import { useState } from 'react';
import { createPreset } from './api.ts';
import { PresetNameDialog } from './PresetNameDialog.tsx';

/** "Save as preset": names the current view and opens it as a preset (§6 preset flag). */
export function SavePresetButton({ set }: { set: AnalyticFilterSet }) {
  const [open, setOpen] = useState(false);
  if (!consoleFeature('analytic.preset')) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Save as preset
      </Button>
      <PresetNameDialog
        open={open}
        title="Save as preset"
        initial=""
        confirmLabel="Save preset"
        onClose={() => setOpen(false)}
        onSubmit={async (name) => {
          const preset = await createPreset(name, set);
          showToast({ type: 'success', message: 'The preset is saved.' });
          navigate(`/analytic/preset/${preset.id}`);
        }}
      />
    </>
  );
}
