// The generator's drawing, in pool threads: a QR code 1200 pixels wide takes over 100 ms, a chart
// of 50 points about 40 ms, which one request must not hold the event loop for.
import { barcodePng } from './barcode.ts';
import { chartSize, chartSvg } from './chart-svg.ts';
import { countdownSize, countdownSvg } from './countdown-svg.ts';
import type {
  BarcodePayload,
  ChartPayload,
  CountdownPayload,
  QrcodePayload,
  SocialNetwork,
} from './payloads.ts';
import { qrcodePng } from './qrcode.ts';
import { socialIconPixels, socialSvg } from './social-svg.ts';
import { svgToPng } from './svg-png.ts';

export type DrawTask =
  | { kind: 'qrcode'; payload: QrcodePayload }
  | { kind: 'barcode'; payload: BarcodePayload }
  | { kind: 'chart'; payload: ChartPayload }
  | { kind: 'countdown'; payload: CountdownPayload; now: number }
  | { kind: 'social'; network: SocialNetwork };

/** The task's PNG. */
export async function draw(task: DrawTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'qrcode':
      return qrcodePng(task.payload);
    case 'barcode':
      return barcodePng(task.payload);
    case 'chart':
      return svgToPng(chartSvg(task.payload), chartSize.width * 2);
    case 'countdown':
      return svgToPng(countdownSvg(task.payload, new Date(task.now)), countdownSize.width * 2);
    case 'social':
      return svgToPng(socialSvg(task.network), socialIconPixels);
  }
}
