import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';

function PodcastCanvas({ block, global }: CanvasProps<'podcast'>) {
  const { title, description, audioUrl } = block.props;
  return (
    <BlockBox global={global} style={block.style}>
      <strong>{title}</strong>
      {description ? <div style={{ whiteSpace: 'pre-line' }}>{description}</div> : null}
      <div style={{ marginTop: 8, padding: '8px 12px', background: '#f3f4f6', borderRadius: 20 }}>
        {audioUrl ? '▶ Player' : 'Enter the episode’s audio address in the settings'}
      </div>
    </BlockBox>
  );
}

function PodcastSettings({ block, onChange, services }: SettingsProps<'podcast'>) {
  const set = propsSetter(block.props, onChange);
  return (
    <SettingsPanel type="podcast">
      <TextField label="Episode title" value={block.props.title} onChange={(value) => set('title', value)} />
      <TextField
        label="Description"
        multiline
        value={block.props.description}
        onChange={(value) => set('description', value)}
      />
      <UrlField
        label="Audio file address"
        kind="image"
        hint="An MP3 or other audio file on the web (or in the File Manager)"
        value={block.props.audioUrl}
        onChange={(value) => set('audioUrl', value)}
      />
      <sl-button
        size="small"
        onClick={async () => {
          const picked = await services.pickFile();
          if (picked) set('audioUrl', picked.url);
        }}
      >
        Choose file
      </sl-button>
    </SettingsPanel>
  );
}

export const podcastBlock: BlockDefinition<'podcast'> = {
  type: 'podcast',
  icon: '♫',
  create: () => ({ audioUrl: '', title: 'Episode 1: Getting started', description: '' }),
  Canvas: PodcastCanvas,
  Settings: PodcastSettings,
};
