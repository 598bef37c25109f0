import type {
  BarcodePayload,
  CalendarPayload,
  ChartPayload,
  CountdownPayload,
  QrcodePayload,
  SocialNetwork,
} from './payloads.ts';
import { type GeneratorKind, generatorKey, maxPayloadChars, signPayload } from './signed-payload.ts';

/** The generator routes' place under the engine's public URL. */
export const generatorPrefix = '/generator/v1';

export const generatorFiles: Record<Exclude<GeneratorKind, 'social'>, string> = {
  qrcode: 'qrcode.png',
  barcode: 'barcode.png',
  chart: 'chart.png',
  countdown: 'countdown.png',
  calendar: 'calendar.ics',
};

export interface GeneratorUrls {
  qrcode(payload: QrcodePayload): string;
  barcode(payload: BarcodePayload): string;
  chart(payload: ChartPayload): string;
  countdown(payload: CountdownPayload): string;
  calendar(payload: CalendarPayload): string;
  social(network: SocialNetwork): string;
}

/** Absolute, signed addresses of the generator routes, as mail carries them. */
export function createGeneratorUrls(context: { publicUrl: string; secret: string }): GeneratorUrls {
  const key = generatorKey(context.secret);
  const base = `${context.publicUrl.replace(/\/+$/, '')}${generatorPrefix}`;
  const signed = (kind: GeneratorKind, file: string, value: unknown) => {
    const { d, t } = signPayload(key, kind, value);
    return `${base}/${file}?d=${d}&t=${t}`;
  };
  return {
    qrcode: (payload) => signed('qrcode', generatorFiles.qrcode, payload),
    barcode: (payload) => signed('barcode', generatorFiles.barcode, payload),
    chart: (payload) => signed('chart', generatorFiles.chart, payload),
    countdown: (payload) => signed('countdown', generatorFiles.countdown, payload),
    calendar: (payload) => signed('calendar', generatorFiles.calendar, payload),
    social: (network) => signed('social', `social/${network}.png`, { network }),
  };
}

/** Whether a generator URL's payload is within the routes' limit (they refuse a larger one). */
export const payloadFits = (url: string) =>
  (new URL(url).searchParams.get('d') ?? '').length <= maxPayloadChars;
