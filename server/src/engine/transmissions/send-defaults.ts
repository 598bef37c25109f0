import type { AccountOptions } from '@app/contract/engine/index';

/** What a send does where neither it nor its template says. */
export interface SendDefaults {
  openTracking: boolean;
  clickTracking: boolean;
  /** An initial_open pixel too, when opens are tracked. */
  initialOpen: boolean;
  transactional: boolean;
}

/**
 * The account's options (PUT /api/v1/account) made into a send's defaults, else SparkPost's: the REST API
 * tracks opens and clicks, SMTP does not; `click_tracking: false` keeps clicks untracked by default on both.
 * An initial_open pixel is added only when the account asks for it (SparkPost adds it unless told not to).
 */
export function sendDefaults(options: AccountOptions, channel: 'rest' | 'smtp'): SendDefaults {
  const tracking =
    channel === 'rest' ? (options.rest_tracking_default ?? true) : (options.smtp_tracking_default ?? false);
  return {
    openTracking: tracking,
    clickTracking: tracking && options.click_tracking !== false,
    initialOpen: options.initial_open_pixel_tracking === true,
    transactional: options.transactional_default === true,
  };
}
