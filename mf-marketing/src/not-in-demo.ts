import { ApiError } from '@app/shared';

/** A demo vendor's (§1 sample data) refusal of what only a real server does: hosting, mail, certificates. */
export const notInDemo = () =>
  Promise.reject(
    new ApiError(
      'Not available in the demo',
      400,
      { code: 'forcedMessage', message: 'Not available in the demo' },
      true,
    ),
  );
