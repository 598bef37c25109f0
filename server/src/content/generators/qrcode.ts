import QRCode from 'qrcode';
import type { QrcodePayload } from './payloads.ts';

const qrColour = (colour: string) => (colour === 'transparent' ? '#00000000' : `${colour}ff`);

/** The QR code as a PNG at twice its shown size (sharp on high-density screens), at most 1200 pixels. */
export function qrcodePng(payload: QrcodePayload): Promise<Buffer> {
  return QRCode.toBuffer(payload.value || ' ', {
    type: 'png',
    width: payload.size * 2,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: qrColour(payload.foreground), light: qrColour(payload.background) },
  });
}
