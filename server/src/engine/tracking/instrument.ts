import { trackingPaths } from '@app/contract/engine/index';
import { asciiLowerCase } from '../substitution/ascii-lower-case.ts';
/**
 * Open and click tracking put into a rendered message (on the render threads, per recipient): links
 * get their tracked URL as the parts are rendered (clickRewrite), then the open pixels go in
 * (withOpenPixels). Only http(s) links are ever found, so mailto:, tel:, sms:, #anchors and other
 * schemes stay as written, and so does a link marked data-msys-clicktrack="0".
 */
import type { LinkRewrite, RenderedContent } from '../substitution/render.ts';
import type { PartTracking } from '../substitution/rfc822.ts';
import { encodeTrackingToken, trackingHost } from './token.ts';

/** How one send's messages are tracked; crosses to the render threads with the task. */
export interface TrackingPlan {
  /** trackingKey(SECRET). */
  key: string;
  /** Scheme and host (and path, for PUBLIC_URL) the tracked URLs start with; no trailing slash. */
  base: string;
  open: boolean;
  click: boolean;
  /** An initial_open pixel at the top of the html as well (SparkPost's initial_open option). */
  initialOpen: boolean;
}

/**
 * The plan of a send's messages, from what its context says; undefined when nothing is tracked.
 * Sandbox sends are tracked like production ones: the sandbox is where people try the product out,
 * and seeing their own opens and clicks arrive is part of that.
 */
export function trackingPlan(
  send: { openTracking: boolean; clickTracking: boolean; initialOpen?: boolean; trackingBase?: string },
  key: string | undefined,
): TrackingPlan | undefined {
  if (key === undefined || send.trackingBase === undefined) return undefined;
  if (!send.openTracking && !send.clickTracking) return undefined;
  return {
    key,
    base: send.trackingBase,
    open: send.openTracking,
    click: send.clickTracking,
    initialOpen: send.openTracking && send.initialOpen === true,
  };
}

/** The open pixel's path and the click redirect's, as SparkPost names them. */
export const OPEN_PATH = trackingPaths.open;
export const CLICK_PATH = trackingPaths.click;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An href as the browser reads it: `&amp;` in the html is `&` in the URL followed. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return entities[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** data-msys-sublink: readable path segments after the token (ignored by the redirect). */
const sublinkPath = (sublink: string | undefined) =>
  sublink
    ? `/${sublink
        .split('/')
        .filter((segment) => segment !== '')
        .map(encodeURIComponent)
        .join('/')}`
    : '';

/**
 * Links whose URL is longer than this stay untracked: the click token carries the URL (about 4/3 of
 * it), and a tracked URL of many KB would pass the 16 KB request-header limit of the server (and of
 * proxies in between), so the recipient would get 431 instead of the page.
 */
export const MAX_TRACKED_URL_CHARS = 2000;

/** The host a plan's tokens are bound to. */
const hostOf = (plan: TrackingPlan) => trackingHost(new URL(plan.base).host);

/** The rewrite that gives each tracked link of one message its click URL; undefined when clicks are not tracked. */
export function clickRewrite(plan: TrackingPlan, messageId: string): LinkRewrite | undefined {
  if (!plan.click) return undefined;
  const host = hostOf(plan);
  let index = 0;
  return (link) => {
    const position = index++;
    if (!link.clickTrack) return undefined;
    const url = link.part === 'text' ? link.url : decodeEntities(link.url);
    if (url.length > MAX_TRACKED_URL_CHARS) return undefined;
    const token = encodeTrackingToken(plan.key, host, {
      messageId,
      engagement: 'click',
      amp: link.part === 'amp_html',
      link: { index: position, name: link.name ?? '', url, ...(link.unsubscribe && { unsubscribe: true }) },
    });
    return `${plan.base}${CLICK_PATH}${token}${sublinkPath(link.sublink)}`;
  };
}

function pixelUrl(plan: TrackingPlan, messageId: string, engagement: 'open' | 'initial_open', amp: boolean) {
  return `${plan.base}${OPEN_PATH}${encodeTrackingToken(plan.key, hostOf(plan), { messageId, engagement, amp })}`;
}

const imgPixel = (src: string) =>
  `<img border="0" width="1" height="1" alt="" style="height:1px !important;width:1px !important;border-width:0 !important;margin:0 !important;padding:0 !important" src="${src}">`;
const ampPixel = (src: string) => `<amp-img src="${src}" width="1" height="1" alt=""></amp-img>`;

/** `pixel` right after the opening <body> tag, or first when there is none. */
function atTop(html: string, pixel: string): string {
  const body = /<body(?:\s[^>]*)?>/i.exec(html);
  if (!body) return pixel + html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + pixel + html.slice(at);
}

/** `pixel` right before the last closing </body> tag, or last when there is none. */
function atBottom(html: string, pixel: string): string {
  const at = asciiLowerCase(html).lastIndexOf('</body');
  return at < 0 ? html + pixel : html.slice(0, at) + pixel + html.slice(at);
}

/**
 * An html (or amp_html) part with the open pixel at the end of its body (an `open` when fetched)
 * and, with initial_open, another at its top (an `initial_open`: a client that clips a long message
 * never loads the bottom one).
 */
function withPixels(html: string, plan: TrackingPlan, messageId: string, amp: boolean): string {
  const pixel = amp ? ampPixel : imgPixel;
  const bottom = atBottom(html, pixel(pixelUrl(plan, messageId, 'open', amp)));
  return plan.initialOpen ? atTop(bottom, pixel(pixelUrl(plan, messageId, 'initial_open', amp))) : bottom;
}

/** Inline content with its open pixels. The text part has none: nothing loads from plain text. */
export function withOpenPixels(
  content: RenderedContent,
  plan: TrackingPlan,
  messageId: string,
): RenderedContent {
  if (!plan.open) return content;
  const instrumented = { ...content };
  if (content.html !== undefined) instrumented.html = withPixels(content.html, plan, messageId, false);
  if (content.amp_html !== undefined)
    instrumented.amp_html = withPixels(content.amp_html, plan, messageId, true);
  return instrumented;
}

/** The same tracking for the text parts of a whole message (email_rfc822, or received over SMTP). */
export function partTracking(plan: TrackingPlan, messageId: string): PartTracking {
  return {
    rewrite: clickRewrite(plan, messageId),
    finish: (part, content) =>
      plan.open && part !== 'text' ? withPixels(content, plan, messageId, part === 'amp_html') : content,
  };
}
