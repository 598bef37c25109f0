import { type BlockConverter, column } from '../block-context.ts';
import { element, safeHref, text } from '../markup.ts';
import { youTubeId } from './youtube.ts';

export const imageBlock: BlockConverter<'image'> = ({ props, style }, context) => [
  column(
    props.src
      ? element('mj-image', {
          src: props.src,
          alt: props.alt,
          href: safeHref(props.href),
          width: `${Math.round((context.innerWidth * props.width) / 100)}px`,
          align: style.align,
          padding: '0',
        })
      : '',
  ),
];

/** Mail cannot play video: a linked thumbnail (YouTube's own for a YouTube link) and a play caption. */
export const videoBlock: BlockConverter<'video'> = ({ props, style }, context) => {
  const id = youTubeId(props.url);
  const thumbnail = id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : props.thumbnail;
  const href = safeHref(props.url);
  if (id) context.assets({ image: thumbnail });
  const caption = href
    ? element('a', { href, style: 'text-decoration:none' }, `&#9654; ${text(props.alt || 'Play video')}`)
    : `&#9654; ${text(props.alt || 'Video')}`;
  return [
    column(
      (thumbnail
        ? element('mj-image', {
            src: thumbnail,
            alt: props.alt || 'Play video',
            href,
            align: style.align,
            padding: '0 0 8px',
          })
        : '') + element('mj-text', { align: style.align, padding: '0' }, caption),
    ),
  ];
};
