import { barcodeProblem } from '../../../generators/barcode.ts';
import { payloadFits } from '../../../generators/generator-urls.ts';
import { type BlockContext, type BlockConverter, column } from '../block-context.ts';
import { element, text } from '../markup.ts';

/** An engine-made image at most `width` px wide, also given to the editor's canvas. */
function generatedImage(context: BlockContext, src: string, alt: string, width: number, align: string) {
  if (!payloadFits(src)) {
    context.problem('mj-image', 'Its texts are too long for an image the engine draws: shorten them.');
    return '';
  }
  context.assets({ image: src });
  return element('mj-image', {
    src,
    alt,
    width: `${Math.min(width, context.innerWidth)}px`,
    align,
    padding: '0',
  });
}

const oneColumn = (content: string) => [column(content)];

export const chartBlock: BlockConverter<'chart'> = ({ props, style }, context) => {
  const { kind, title, points, color } = props;
  const alt = [title, ...points.map((point) => `${point.label}: ${point.value}`)].filter(Boolean).join(', ');
  return oneColumn(
    generatedImage(context, context.urls.chart({ kind, title, points, color }), alt, 600, style.align),
  );
};

export const barcodeBlock: BlockConverter<'barcode'> = ({ props, style }, context) => {
  const problem = barcodeProblem(props);
  if (problem) {
    context.problem('mj-image', `The ${props.format} barcode "${props.value}" ${problem}.`);
    return oneColumn(element('mj-text', { align: style.align, padding: '0' }, text(props.value)));
  }
  const src = context.urls.barcode({ value: props.value, format: props.format, showText: props.showText });
  return oneColumn(
    generatedImage(
      context,
      src,
      props.value,
      Math.round((context.innerWidth * props.width) / 100),
      style.align,
    ),
  );
};

export const qrcodeBlock: BlockConverter<'qrcode'> = ({ props, style }, context) => {
  const { value, foreground, background, size } = props;
  const src = context.urls.qrcode({ value, foreground, background, size });
  return oneColumn(generatedImage(context, src, value, size, style.align));
};

export const countdownBlock: BlockConverter<'countdown'> = ({ props, style }, context) => {
  const until = new Date(props.until);
  if (Number.isNaN(until.getTime())) {
    context.problem('mj-image', 'The countdown needs a valid end date and time.');
    return oneColumn('');
  }
  const { expiredText, color, textColor } = props;
  const src = context.urls.countdown({ until: until.toISOString(), expiredText, color, textColor });
  return oneColumn(generatedImage(context, src, `Time left until ${until.toUTCString()}`, 600, style.align));
};

/** The offer, its code as text (and as a QR code or barcode when asked), and its expiry. */
export const voucherBlock: BlockConverter<'voucher'> = ({ props, style }, context) => {
  const look = { color: props.textColor, align: style.align };
  const line = (content: string, extra: Record<string, string> = {}) =>
    element('mj-text', { ...look, padding: '0 0 8px', ...extra }, content);
  let code = '';
  if (props.codeFormat === 'qrcode' && props.code) {
    const src = context.urls.qrcode({
      value: props.code,
      foreground: '#000000',
      background: '#ffffff',
      size: 160,
    });
    code = generatedImage(context, src, props.code, 160, style.align);
  } else if (props.codeFormat === 'barcode' && props.code) {
    const problem = barcodeProblem({ format: 'code128', value: props.code });
    if (problem) context.problem('mj-image', `The voucher code "${props.code}" ${problem}.`);
    else {
      const src = context.urls.barcode({ value: props.code, format: 'code128', showText: false });
      code = generatedImage(context, src, props.code, 300, style.align);
    }
  }
  const box = `<span style="display:inline-block;border:2px dashed ${props.textColor};padding:8px 16px;font-size:22px;font-weight:bold;letter-spacing:2px">${text(props.code)}</span>`;
  return [
    element(
      'mj-column',
      { 'background-color': props.color === 'transparent' ? undefined : props.color, padding: '16px' },
      [
        props.title ? line(text(props.title), { 'font-size': '22px', 'font-weight': 'bold' }) : '',
        props.description ? line(text(props.description)) : '',
        props.code ? line(box, { padding: '8px 0' }) : '',
        code,
        props.expires ? line(text(props.expires), { 'font-size': '12px', padding: '8px 0 0' }) : '',
      ].join(''),
    ),
  ];
};
