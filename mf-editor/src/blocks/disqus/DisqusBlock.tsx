import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { Placeholder } from '../canvas/Placeholder.tsx';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';

const shortnameError = (shortname: string) =>
  /^$|^[a-z0-9][a-z0-9-]{0,63}$/i.test(shortname) ? undefined : 'Enter the shortname: letters, digits and -';

/** The comments load from Disqus on the published page only: the canvas shows where they go. */
function DisqusCanvas({ block }: CanvasProps<'disqus'>) {
  const { shortname } = block.props;
  return (
    <Placeholder
      label={
        shortname
          ? `Disqus comments of ${shortname}`
          : 'Disqus comments: enter your shortname in the settings'
      }
      height={120}
      style={{ width: '100%' }}
    />
  );
}

function DisqusSettings({ block, onChange }: SettingsProps<'disqus'>) {
  return (
    <SettingsPanel type="disqus">
      <TextField
        label="Disqus shortname"
        value={block.props.shortname}
        hint="Your site's shortname in Disqus (Admin, Settings, General); the comments show on the published page"
        error={shortnameError(block.props.shortname)}
        onChange={(value) => onChange({ shortname: value.trim() })}
      />
    </SettingsPanel>
  );
}

export const disqusBlock: BlockDefinition<'disqus'> = {
  type: 'disqus',
  icon: '✎',
  create: () => ({ shortname: '' }),
  Canvas: DisqusCanvas,
  Settings: DisqusSettings,
};
