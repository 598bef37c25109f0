import { describe, expect, it } from 'vitest';
import { sendDefaults } from './send-defaults.ts';

describe('sendDefaults', () => {
  it('tracks REST sends and not SMTP ones when the account set nothing', () => {
    expect(sendDefaults({}, 'rest')).toEqual({
      openTracking: true,
      clickTracking: true,
      initialOpen: false,
      transactional: false,
    });
    expect(sendDefaults({}, 'smtp')).toMatchObject({ openTracking: false, clickTracking: false });
  });

  it('follows the account options; click_tracking false overrides both tracking defaults', () => {
    expect(sendDefaults({ rest_tracking_default: false }, 'rest')).toMatchObject({
      openTracking: false,
      clickTracking: false,
    });
    expect(sendDefaults({ smtp_tracking_default: true, click_tracking: false }, 'smtp')).toMatchObject({
      openTracking: true,
      clickTracking: false,
    });
    expect(
      sendDefaults({ initial_open_pixel_tracking: true, transactional_default: true }, 'rest'),
    ).toMatchObject({ initialOpen: true, transactional: true });
  });
});
