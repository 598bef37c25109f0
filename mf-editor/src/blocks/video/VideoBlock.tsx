import type { BlockDefinition, CanvasProps, SettingsProps } from '../block-definition.ts';
import { BlockBox } from '../canvas/BlockBox.tsx';
import { CanvasImage } from '../canvas/CanvasImage.tsx';
import { ImageField } from '../fields/ImageField.tsx';
import { propsSetter } from '../fields/props-setter.ts';
import { SettingsPanel } from '../fields/SettingsPanel.tsx';
import { TextField } from '../fields/TextField.tsx';
import { UrlField } from '../fields/UrlField.tsx';
import { lengthError, youtubeId } from '../fields/validation.ts';

/** The thumbnail YouTube serves for a video link, or '' when the link is not YouTube's. */
export function youtubeThumbnail(url: string): string {
  const id = youtubeId(url);
  return id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : '';
}

function VideoCanvas({ block, global }: CanvasProps<'video'>) {
  const { props } = block;
  const thumbnail = props.thumbnail || youtubeThumbnail(props.url);
  return (
    <BlockBox global={global} style={block.style}>
      <div style={{ position: 'relative', display: 'inline-block', inlineSize: '100%' }}>
        <CanvasImage
          src={thumbnail}
          alt={props.alt}
          placeholder="Video: paste a YouTube link in the settings"
          height={220}
        />
        {thumbnail ? <PlayMark /> : null}
      </div>
    </BlockBox>
  );
}

/** The play button drawn over the thumbnail, as the mail shows it. */
function PlayMark() {
  return (
    <span
      aria-hidden="true"
      style={{
        position: 'absolute',
        insetBlockStart: '50%',
        insetInlineStart: '50%',
        transform: 'translate(-50%, -50%)',
        inlineSize: 64,
        blockSize: 44,
        borderRadius: 10,
        background: 'rgba(0, 0, 0, 0.75)',
        color: '#ffffff',
        fontSize: 22,
        lineHeight: '44px',
        textAlign: 'center',
      }}
    >
      ▶
    </span>
  );
}

function VideoSettings({ block, onChange, services }: SettingsProps<'video'>) {
  const set = propsSetter(block.props, onChange);
  const { url } = block.props;
  return (
    <SettingsPanel type="video">
      <UrlField
        label="Video link"
        hint={
          url && !youtubeId(url)
            ? 'Only YouTube watch or short links convert to embed links; this one stays a plain link'
            : 'A YouTube watch or short link'
        }
        value={url}
        onChange={(value) => set('url', value)}
      />
      <ImageField
        label="Thumbnail address"
        value={block.props.thumbnail}
        onChange={(value) => set('thumbnail', value)}
        services={services}
      />
      <p>Empty thumbnail: YouTube's own is used.</p>
      <TextField
        label="Alternative text"
        value={block.props.alt}
        error={lengthError(block.props.alt)}
        onChange={(value) => set('alt', value)}
      />
    </SettingsPanel>
  );
}

export const videoBlock: BlockDefinition<'video'> = {
  type: 'video',
  icon: '▶',
  create: () => ({ url: '', thumbnail: '', alt: 'Watch the video' }),
  Canvas: VideoCanvas,
  Settings: VideoSettings,
};
