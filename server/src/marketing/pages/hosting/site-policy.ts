import { type PageIntegrations, type PixelKey, pixelKeys } from '@app/contract/marketing/page-domains';

/** What each vendor loads its script from and sends its beacons to (and Crisp's styles, workers and sockets). */
const pixelHosts: Record<
  PixelKey,
  { script: string[]; connect: string[]; style?: string[]; worker?: string[] }
> = {
  fbPixel: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com'] },
  ga: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
  },
  gtm: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
  },
  linkedin: { script: ['https://snap.licdn.com'], connect: ['https://px.ads.linkedin.com'] },
  twPixel: {
    script: ['https://static.ads-twitter.com'],
    connect: ['https://analytics.twitter.com', 'https://ads-twitter.com', 'https://ads-api.twitter.com'],
  },
  tiktok: { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'] },
  snapchat: { script: ['https://sc-static.net'], connect: ['https://tr.snapchat.com'] },
  // Crisp's list for a strict policy; its workers run from blob: URLs made of its own scripts.
  crispChat: {
    script: ['https://client.crisp.chat'],
    style: ['https://client.crisp.chat'],
    worker: ['blob:', 'https://client.crisp.chat'],
    connect: [
      'https://client.crisp.chat',
      'https://storage.crisp.chat',
      'wss://client.relay.crisp.chat',
      'wss://stream.relay.crisp.chat',
    ],
  },
};

/**
 * The captcha providers a form may use instead of the proof of work (hCaptcha, Turnstile, reCAPTCHA):
 * their script, its frames, hCaptcha's styles and calls. Allowed on every hosted page and form, as
 * the page's forms are drawn by `<signup-form>` in the browser.
 */
const captchaHosts = {
  script: [
    'https://hcaptcha.com',
    'https://*.hcaptcha.com',
    'https://challenges.cloudflare.com',
    'https://www.google.com/recaptcha/',
    'https://www.gstatic.com/recaptcha/',
  ],
  frame: [
    'https://hcaptcha.com',
    'https://*.hcaptcha.com',
    'https://challenges.cloudflare.com',
    'https://www.google.com/recaptcha/',
    'https://recaptcha.google.com/recaptcha/',
  ],
  other: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
};

/** What Disqus's comments load (its script, styles, frames and calls): allowed on a page with a Disqus block only. */
const disqusHosts = {
  script: ['https://*.disqus.com', 'https://*.disquscdn.com'],
  style: ['https://*.disquscdn.com'],
  frame: ['https://disqus.com', 'https://*.disqus.com'],
  connect: ['https://*.disqus.com'],
};

/**
 * The hosted pages' own policy: scripts from the sites origin only (the `<signup-form>` module, the
 * pixels' loader) and, when the company uses them, its pixels' hosts; no inline script, no plugins,
 * no `<base>`; the captcha providers' scripts and frames (above). Styles may be inline (the pages'
 * responsive CSS is in the document); images and fonts of any https site; the form posts to this
 * origin; frames of this origin (the Code blocks', sandboxed), YouTube and Google's maps (the Video
 * and Google Map blocks); an episode played from any site (the Podcast block); Crisp's hosts and
 * workers when its chat is on; Disqus's hosts on a page with comments (`disqus`).
 */
export function sitePolicy(
  pixels?: PageIntegrations,
  options: { framedAnywhere?: boolean; disqus?: boolean } = {},
): string {
  const disqus = (kind: keyof typeof disqusHosts) => (options.disqus ? disqusHosts[kind] : []);
  const used = pixels ? pixelKeys.filter((key) => pixels[key]) : [];
  const hosts = (kind: 'script' | 'connect' | 'style' | 'worker') => [
    ...new Set(used.flatMap((key) => pixelHosts[key][kind] ?? [])),
  ];
  const workers = hosts('worker');
  return [
    "default-src 'none'",
    ["script-src 'self'", ...hosts('script'), ...captchaHosts.script, ...disqus('script')].join(' '),
    ["style-src 'self' 'unsafe-inline'", ...hosts('style'), ...captchaHosts.other, ...disqus('style')].join(
      ' ',
    ),
    "img-src 'self' data: https: http:",
    "font-src 'self' data: https:",
    ["connect-src 'self'", ...hosts('connect'), ...captchaHosts.other, ...disqus('connect')].join(' '),
    "form-action 'self'",
    [
      "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com https://www.google.com",
      ...captchaHosts.frame,
      ...disqus('frame'),
    ].join(' '),
    "media-src 'self' https: http:",
    // Set only for a vendor's own workers: otherwise it falls back to script-src, as before.
    ...(workers.length > 0 ? [["worker-src 'self'", ...workers].join(' ')] : []),
    "base-uri 'none'",
    "object-src 'none'",
    // A hosted form is meant to be framed by any site (its iframe snippet); pages only by their own.
    options.framedAnywhere ? 'frame-ancestors http: https:' : "frame-ancestors 'self'",
  ].join('; ');
}

export const hasPixels = (pixels: PageIntegrations | undefined): pixels is PageIntegrations =>
  pixels !== undefined && pixelKeys.some((key) => pixels[key] !== null);
