import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { CanvasButton } from '../canvas/CanvasButton.tsx';
import { formatBytes } from '../canvas/format.ts';
import { ButtonFields } from '../fields/ButtonFields.tsx';
import { fieldStyle } from '../fields/field-style.ts';
import { textBinder } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';

function DownloadCanvas({ block, global }: CanvasProps<'download'>) {
  const { props } = block;
  return (
    <BlockBox global={global} style={block.style}>
      <CanvasButton global={global} {...props} />
      <div style={{ marginBlockStart: 6, fontSize: 13 }}>
        {props.fileName
          ? `${props.fileName}${props.fileSize ? ` · ${formatBytes(props.fileSize)}` : ''}`
          : 'No file chosen yet'}
      </div>
    </BlockBox>
  );
}

function DownloadSettings({ block, onChange, services }: SettingsProps<'download'>) {
  const { props } = block;
  const text = textBinder(props, onChange);
  return (
    <SettingsPanel type="download">
      <div style={fieldStyle}>
        <sl-button
          size="small"
          onClick={async () => {
            const file = await services.pickFile();
            if (file)
              onChange({
                ...props,
                fileUrl: file.url,
                href: file.url,
                fileName: file.name,
                fileSize: file.size,
              });
          }}
        >
          Choose file
        </sl-button>
        {props.fileSize ? <span> {formatBytes(props.fileSize)}</span> : null}
      </div>
      <UrlField
        label="File address"
        value={props.fileUrl}
        onChange={(fileUrl) => onChange({ ...props, fileUrl, href: fileUrl })}
      />
      <TextField label="File name" {...text('fileName')} />
      <ButtonFields props={props} onChange={onChange} withLink={false} />
    </SettingsPanel>
  );
}

export const downloadBlock: BlockDefinition<'download'> = {
  type: 'download',
  icon: '⤓',
  create: () => ({
    label: 'Download the guide',
    href: '',
    color: '#2457c5',
    textColor: '#ffffff',
    radius: 4,
    fullWidth: false,
    fileUrl: '',
    fileName: '',
    fileSize: 0,
  }),
  Canvas: DownloadCanvas,
  Settings: DownloadSettings,
};
