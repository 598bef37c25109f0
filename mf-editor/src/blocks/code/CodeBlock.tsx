import { designLimits } from '@app/contract/editor/design-constants';
import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { Placeholder } from '../canvas/Placeholder.tsx';
import { NumberField } from '../fields/NumberField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { lengthError } from '../fields/validation.ts';

/** The code never runs in the editor: the canvas shows where its frame goes, at its height. */
function CodeCanvas({ block }: CanvasProps<'code'>) {
  const { html, title, height } = block.props;
  return (
    <Placeholder
      label={
        html.trim()
          ? `Code: ${title || 'embedded content'} (runs on the published page)`
          : 'Code: paste it in the settings'
      }
      height={Math.min(height, 240)}
      style={{ width: '100%' }}
    />
  );
}

function CodeSettings({ block, onChange }: SettingsProps<'code'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="code">
      <TextField
        label="HTML, CSS and scripts"
        multiline
        hint="Runs on the published page in a sandboxed frame of its own: it cannot read the page or its visitors' data there"
        value={block.props.html}
        error={lengthError(block.props.html, designLimits.html)}
        onChange={(value) => set('html', value)}
      />
      <TextField
        label="What it shows"
        hint="Read by screen readers (the frame's title)"
        value={block.props.title}
        onChange={(value) => set('title', value)}
      />
      <NumberField
        label="Height"
        suffix="px"
        min={40}
        max={2000}
        value={block.props.height}
        onChange={(value) => set('height', value)}
      />
    </SettingsPanel>
  );
}

export const codeBlock: BlockDefinition<'code'> = {
  type: 'code',
  icon: '{ }',
  create: () => ({ html: '', title: '', height: 300 }),
  Canvas: CodeCanvas,
  Settings: CodeSettings,
};
