/**
 * Where tracked mail points: the open pixel at `/q/<token>`, a tracked link at `/f/<token>`, on the
 * tracking domain or PUBLIC_URL's host. The console needs the pixel's path to keep its own
 * previews from counting as opens.
 */
export const trackingPaths = { open: '/q/', click: '/f/' } as const;
