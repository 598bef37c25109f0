import {
  barcodeBlock,
  calendarBlock,
  chartBlock,
  countdownBlock,
  qrcodeBlock,
} from '@app/contract/editor/design';
import { socialNetworks } from '@app/contract/editor/design-constants';
import { z } from 'zod';

// What each generator route draws: the fields of its block the picture depends on, nothing else,
// so two blocks that look the same share one URL (and one cached image).
export const qrcodePayload = qrcodeBlock.shape.props.pick({
  value: true,
  foreground: true,
  background: true,
  size: true,
});
export const barcodePayload = barcodeBlock.shape.props.pick({ value: true, format: true, showText: true });
export const chartPayload = chartBlock.shape.props.pick({
  kind: true,
  title: true,
  points: true,
  color: true,
});
export const countdownPayload = countdownBlock.shape.props.pick({
  until: true,
  expiredText: true,
  color: true,
  textColor: true,
});
export const calendarPayload = calendarBlock.shape.props.pick({
  title: true,
  description: true,
  location: true,
  start: true,
  end: true,
});
export const socialPayload = z.object({ network: z.enum(socialNetworks) });

export type QrcodePayload = z.infer<typeof qrcodePayload>;
export type BarcodePayload = z.infer<typeof barcodePayload>;
export type ChartPayload = z.infer<typeof chartPayload>;
export type CountdownPayload = z.infer<typeof countdownPayload>;
export type CalendarPayload = z.infer<typeof calendarPayload>;
export type SocialNetwork = z.infer<typeof socialPayload>['network'];
