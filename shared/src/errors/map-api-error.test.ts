import { errorCodes } from '@app/contract/codes';
import { describe, expect, it } from 'vitest';
import { legacyCodeRows } from './legacy-code.ts';
import { legacyMessageRows, legacyQuotaRows } from './legacy-message.ts';
import { legacyStatusRows, legacyValidationRows } from './legacy-status.ts';
import { mapApiError } from './map-api-error.ts';
import { userMessages } from './messages.ts';

const warn = (message: string) => ({ kind: 'toast', level: 'warning', message });

describe('transport failures', () => {
  it('reports a network that is offline', () => {
    expect(mapApiError({ offline: true })).toEqual({
      kind: 'offline',
      message: 'Could not connect to server, please check your connection',
    });
  });
  it.each(['/stats/summary', '/email-marketing/count-recipient', '/activities'])(
    'shows nothing when %s times out',
    (url) => {
      expect(mapApiError({ timeout: true, url, method: 'GET' })).toEqual({
        kind: 'silent',
        reason: 'timeout',
      });
    },
  );
  it('rejects a call without a stored token as logged out, without a notice', () => {
    expect(mapApiError({ noToken: true })).toEqual({ kind: 'logout' });
  });
  it('offline wins over any body', () => {
    expect(mapApiError({ offline: true, status: 401, body: { code: 'sessionExpired' } }).kind).toBe(
      'offline',
    );
  });
  it('a failure with no response and no body says it could not connect', () => {
    expect(mapApiError({})).toEqual(warn(userMessages.cannotConnect));
  });
});

describe('server error without code on a POST', () => {
  it.each([500, 502, 503])('shows nothing for %i on POST', (status) => {
    expect(mapApiError({ status, method: 'post', body: { message: 'boom' } })).toEqual({
      kind: 'silent',
      reason: 'serverErrorOnPost',
    });
  });
  it('still shows a 502 on GET', () => {
    expect(mapApiError({ status: 502, method: 'GET' })).toEqual(warn(userMessages.serverProblem));
  });
  it('still shows a 500 on GET (server problem)', () => {
    expect(mapApiError({ status: 500, method: 'GET' })).toEqual(warn(userMessages.serverProblem));
  });
  it('a 5xx POST that carries a code is shown', () => {
    expect(mapApiError({ status: 500, method: 'POST', body: { code: 'internal', message: 'x' } })).toEqual(
      warn(userMessages.serverProblem),
    );
    expect(mapApiError({ status: 500, method: 'POST', body: { message: 'x', code: 52 } })).toEqual(
      warn(userMessages.quotaExceeded),
    );
  });
});

describe('code-based: logout', () => {
  it.each([
    ['tokenException', 'Invalid token'],
    ['authenticationFailed', 'Authentication failed'],
    ['loggedOut', 'Session expired, please login again'],
  ])('%s logs out', (code, message) => {
    expect(mapApiError({ status: 401, body: { code, message: 'server text' } })).toEqual({
      kind: 'logout',
      message,
    });
  });
  it('sessionExpired logs out and goes to /login', () => {
    expect(mapApiError({ status: 401, body: { code: 'sessionExpired', message: 'x' } })).toEqual({
      kind: 'logout',
      message: 'Session expired, please login again',
      redirect: '/login',
    });
  });
  it("the message 'expired token' logs out and goes to /login whatever the code", () => {
    expect(mapApiError({ status: 400, body: { code: 'validation', message: 'Expired token' } })).toEqual({
      kind: 'logout',
      message: 'Session expired, please login again',
      redirect: '/login',
    });
    expect(mapApiError({ status: 400, body: { message: 'expired token' } })).toMatchObject({
      redirect: '/login',
    });
  });
  it("the message 'Error parsing jwt token' becomes tokenException", () => {
    expect(
      mapApiError({ status: 400, body: { code: 'validation', message: 'Error parsing jwt token' } }),
    ).toEqual({
      kind: 'logout',
      message: 'Invalid token',
    });
    expect(
      mapApiError({ status: 500, method: 'POST', body: { message: 'error parsing JWT token' } }).kind,
    ).toBe('logout');
  });
});

describe('code-based: multiple login', () => {
  it.each([
    ['signInConfirm', 'multipleLogin'],
    ['signInConfirmMode1', 'denied'],
    ['forceOut', 'ended'],
  ])('%s sets the %s flag with the server message', (code, flag) => {
    expect(mapApiError({ status: 403, body: { code, message: 'Signed in elsewhere' } })).toEqual({
      kind: 'multipleLogin',
      flag,
      message: 'Signed in elsewhere',
    });
  });
  it('falls back to a sentence when the server sends no message', () => {
    const outcome = mapApiError({ status: 403, body: { code: 'forceOut' } });
    expect(outcome).toEqual({
      kind: 'multipleLogin',
      flag: 'ended',
      message: 'Your session has ended because your account signed in on another device',
    });
  });
});

describe('code-based: builders', () => {
  it("validation with a field: 'The {field} is Invalid'", () => {
    expect(
      mapApiError({ status: 400, body: { code: 'validation', message: 'x', payload: { field: 'email' } } }),
    ).toEqual(warn('The email is Invalid'));
  });
  it("validation with field and value: 'The value {value} is Invalid for {field}'", () => {
    const body = { code: 'validation', message: 'x', payload: { field: 'size', value: 0 } };
    expect(mapApiError({ status: 400, body })).toEqual(warn('The value 0 is Invalid for size'));
  });
  it('validation uses the cause when present', () => {
    const body = {
      code: 'validation',
      message: 'x',
      payload: { field: 'a', value: 'b', cause: 'Name too long' },
    };
    expect(mapApiError({ status: 400, body })).toEqual(warn('Name too long'));
  });
  it('validation without payload shows the server message', () => {
    expect(mapApiError({ status: 400, body: { code: 'validation', message: 'Bad size' } })).toEqual(
      warn('Bad size'),
    );
  });
  it("notAllowed: 'Not Allowed' or the cause", () => {
    expect(mapApiError({ status: 403, body: { code: 'notAllowed', message: 'x' } })).toEqual(
      warn('Not Allowed'),
    );
    const body = { code: 'notAllowed', message: 'x', payload: { cause: 'Only admins can do this' } };
    expect(mapApiError({ status: 403, body })).toEqual(warn('Only admins can do this'));
  });
  it("quotaExceeded: 'Quota of {subfeature} on {feature} is exceeded'", () => {
    const body = {
      code: 'quotaExceeded',
      message: 'x',
      payload: { feature: 'contacts', subfeature: 'contactLimit' },
    };
    expect(mapApiError({ status: 403, body })).toEqual(warn('Quota of contactLimit on contacts is exceeded'));
    expect(mapApiError({ status: 403, body: { code: 'quotaExceeded', message: 'x' } })).toEqual(
      warn('Quota exceeded'),
    );
  });
});

describe('code-based: entityNotFound', () => {
  it('on reset-password becomes an invalid reset token', () => {
    const body = { code: 'entityNotFound', message: 'token not found' };
    expect(mapApiError({ status: 404, body, url: '/reset-password', method: 'POST' })).toEqual(
      warn('Reset password link is invalid'),
    );
    expect(mapApiError({ status: 404, body, context: { route: '/reset-password/abc' } })).toEqual(
      warn('Reset password link is invalid'),
    );
  });
  it('elsewhere names the entity, or says data not found', () => {
    const body = { code: 'entityNotFound', message: 'x', payload: { field: 'webhook' } };
    expect(mapApiError({ status: 404, body, url: '/webhooks/1' })).toEqual(warn('Webhook not found'));
    expect(mapApiError({ status: 404, body: { code: 'entityNotFound', message: 'x' } })).toEqual(
      warn('Data not found'),
    );
  });
});

describe('code-based: every code', () => {
  const expected: Record<(typeof errorCodes)[number], unknown> = {
    tokenException: { kind: 'logout', message: 'Invalid token' },
    authenticationFailed: { kind: 'logout', message: 'Authentication failed' },
    loggedOut: { kind: 'logout', message: 'Session expired, please login again' },
    sessionExpired: { kind: 'logout', message: 'Session expired, please login again', redirect: '/login' },
    signInConfirm: { kind: 'multipleLogin', flag: 'multipleLogin', message: 'Server says' },
    signInConfirmMode1: { kind: 'multipleLogin', flag: 'denied', message: 'Server says' },
    forceOut: { kind: 'multipleLogin', flag: 'ended', message: 'Server says' },
    validation: warn('Server says'),
    notAllowed: warn('Not Allowed'),
    quotaExceeded: warn('Quota exceeded'),
    entityNotFound: warn('Data not found'),
    duplicate: warn('Server says'),
    state: warn('Server says'),
    forcedMessage: warn('Server says'),
    notAuthorized: warn('Server says'),
    invalidRole: warn('Server says'),
    modificationNotAllowed: warn('Server says'),
    wrongCredentials: warn('Email address or password is incorrect'),
    tooManyAttempts: warn('Too many attempts, please try again later'),
    emailRegistered: warn('Email is already registered'),
    emailNotValidated: warn('Your email needs validation, please check your inbox'),
    userSuspended: warn('Your account has been suspended'),
    captchaRequired: warn('Captcha is required'),
    captchaInvalid: warn('Captcha is invalid'),
    invalidResetToken: warn('Reset password link is invalid'),
    linkUsed: warn('This link has already been used'),
    secondFactorRequired: warn('Second-factor verification is required'),
    secondFactorInvalid: warn('The verification code is invalid'),
    featureDisabled: warn('This feature is not available on your plan'),
    fileExists: warn('A file with this name already exists'),
    senderDomainUnsupported: warn('Server says'),
    senderDomainMisconfigured: warn('Server says'),
    contactTagUsed: warn('This contact tag is already used on another field'),
    formPublished: warn('Server says'),
    emailFieldMissing: warn('Email field is missing'),
    unpublishedForms: warn('This page contains unpublished forms, please publish them first'),
    urlExists: warn('This URL already exists'),
    slugTaken: warn('This slug is already taken'),
    importHeader: warn('The import file has no header'),
    importFormat: warn('The import file format is not supported'),
    importSize: warn('The import file is too big'),
    importData: warn('The import file contains invalid data'),
    importUpdate: warn('Server says'),
    spfSingle: warn('Server says'),
    spfDouble: warn('Server says'),
    internal: warn('There is a server problem or bad gateway, please try again later'),
  };
  it.each(errorCodes.map((code) => [code, expected[code]] as const))('%s', (code, outcome) => {
    expect(mapApiError({ status: 400, method: 'GET', body: { code, message: 'Server says' } })).toEqual(
      outcome,
    );
  });
  it.each(['spfSingle', 'spfDouble', 'state', 'duplicate', 'forcedMessage', 'importUpdate'])(
    '%s shows the server message as it is',
    (code) => {
      expect(mapApiError({ status: 422, body: { code, message: 'SPF has two records' } })).toEqual(
        warn('SPF has two records'),
      );
    },
  );
  it('an unknown string code falls through to the message', () => {
    expect(mapApiError({ status: 418, body: { code: 'somethingNew', message: 'Readable text' } })).toEqual(
      warn('Readable text'),
    );
  });
});

describe('legacy by numeric code', () => {
  it.each(legacyCodeRows.map((row) => [row.code, row.outcome] as const))('code %i', (code, outcome) => {
    expect(mapApiError({ status: 400, body: { message: 'unmapped text', code } })).toEqual(outcome);
  });
  it('covers every number listed in §8', () => {
    const listed = [
      31, 32, 34, 33, 42, 43, 44, 45, 47, 48, 50, 51, 52, 53, 121, 126, 122, 123, 124, 125, 127, 129,
    ];
    listed.push(130, 131, 132, 133, 134, 135, 138, 139, 414, 501, 502, 503, 550);
    expect(legacyCodeRows.map((row) => row.code).sort((a, b) => a - b)).toEqual(listed.sort((a, b) => a - b));
  });
  it('31 is wrong username or password; 32 logs out, 34 only warns', () => {
    expect(mapApiError({ body: { message: 'x', code: 31 } })).toEqual(
      warn('Email address or password is incorrect'),
    );
    expect(mapApiError({ body: { message: 'x', code: 32 } })).toEqual({
      kind: 'logout',
      message: 'Session expired, please login again',
      redirect: '/login',
    });
    expect(mapApiError({ body: { message: 'x', code: 34 } })).toEqual(
      warn('Session expired, please login again'),
    );
  });
  it('accepts a numeric code sent as a string', () => {
    expect(mapApiError({ body: { message: 'x', code: '414' } })).toEqual(warn('Captcha is invalid'));
  });
});

describe('legacy by message', () => {
  it.each(legacyMessageRows.map((row) => [row.match, row.outcome] as const))('"%s"', (match, outcome) => {
    expect(mapApiError({ status: 400, body: { message: match } })).toEqual(outcome);
  });
  it('matches whatever the casing and punctuation', () => {
    expect(mapApiError({ status: 400, body: { message: 'USER_SUSPENDED' } })).toEqual(
      warn('Your account has been suspended'),
    );
    expect(mapApiError({ status: 400, body: { message: 'downgradeNotAllowed' } })).toEqual(
      warn('Downgrade is not allowed'),
    );
  });
  it.each(legacyQuotaRows.map((row) => [row.feature, row.message] as const))(
    'quota limit exceeded for feature %s',
    (feature, message) => {
      expect(mapApiError({ status: 400, body: { message: 'Quota limit exceeded', feature } })).toEqual(
        warn(message),
      );
    },
  );
  it('names the feature by its first word (send limit, sender usage)', () => {
    const send = mapApiError({ body: { message: 'quota limit exceeded', feature: 'sendLimit' } });
    const sender = mapApiError({
      body: { message: 'quota limit exceeded', payload: { feature: 'sender usage' } },
    });
    expect(send).toEqual(warn('Send quota limit exceeded'));
    expect(sender).toEqual(warn('Sender quota limit exceeded'));
  });
  it('quota limit exceeded without a feature is the general quota sentence', () => {
    expect(mapApiError({ status: 400, body: { message: 'quota limit exceeded' } })).toEqual(
      warn('Quota exceeded'),
    );
  });
  it.each(Object.entries(userMessages))('server error key %s shows its sentence', (key, sentence) => {
    expect(mapApiError({ status: 400, method: 'GET', body: { message: key } })).toMatchObject({
      message: sentence,
    });
  });
});

describe('legacy by status', () => {
  it.each(legacyStatusRows.map((row) => [row.status, row.outcome] as const))(
    'status %i',
    (status, outcome) => {
      expect(mapApiError({ status, method: 'GET', body: {} })).toEqual(outcome);
    },
  );
  it('202 is an info (export) notice, not a warning', () => {
    expect(mapApiError({ status: 202 })).toEqual({
      kind: 'toast',
      level: 'info',
      title: 'Export',
      message: 'Your export is being processed, you will get a notification when it is ready',
    });
  });
  it('401 on the login screen means wrong credentials, elsewhere it logs out', () => {
    expect(mapApiError({ status: 401, context: { route: '/login' } })).toEqual(
      warn('Email address or password is incorrect'),
    );
    expect(mapApiError({ status: 401, context: { route: '/analytic' } }).kind).toBe('logout');
  });
  it('takes the status from a legacy body when the response had none', () => {
    expect(mapApiError({ body: { message: 'not mapped', status: 405 } })).toEqual(
      warn('Email is already registered'),
    );
  });
  it.each(
    legacyValidationRows.flatMap((row) => [
      [412, row.match, row.message] as const,
      [422, row.match, row.message] as const,
    ]),
  )('%i "%s"', (status, match, message) => {
    expect(mapApiError({ status, body: { message: `Error: ${match}` } })).toEqual(warn(message));
  });
  it('412 text also matches camelCase and SNAKE_CASE server keys', () => {
    expect(mapApiError({ status: 412, body: { message: 'passwordInvalid' } })).toEqual(
      warn('Password is invalid'),
    );
    expect(mapApiError({ status: 422, body: { message: 'SLUG_TAKEN' } })).toEqual(
      warn('This slug is already taken'),
    );
  });
  it('a 412 with unknown text shows the server text', () => {
    expect(mapApiError({ status: 412, body: { message: 'Something specific' } })).toEqual(
      warn('Something specific'),
    );
  });
});

describe('precedence', () => {
  it('code-based beats numeric code, message and status', () => {
    const body = { code: 'wrongCredentials', message: 'user suspended' };
    expect(mapApiError({ status: 404, body })).toEqual(warn('Email address or password is incorrect'));
  });
  it('numeric code beats message and status', () => {
    expect(mapApiError({ status: 404, body: { message: 'user suspended', code: 42 } })).toEqual(
      warn('This ticket is closed'),
    );
  });
  it('message beats status', () => {
    expect(mapApiError({ status: 404, body: { message: 'user suspended' } })).toEqual(
      warn('Your account has been suspended'),
    );
  });
  it('status beats the raw server message', () => {
    expect(mapApiError({ status: 404, body: { message: 'No row 17' } })).toEqual(warn('Data not found'));
  });
  it('a plain-text body is read as the message', () => {
    expect(mapApiError({ status: 418, body: 'Teapot busy' })).toEqual(warn('Teapot busy'));
  });
  it('an unknown status with no message is a bad request', () => {
    expect(mapApiError({ status: 418 })).toEqual(warn(userMessages.badRequest));
  });
});

describe("SparkPost's /api/v1 errors", () => {
  it('shows the descriptions the engine wrote, not a generic bad request', () => {
    const body = {
      errors: [
        { message: 'invalid params', description: 'domain: must be a domain name', code: '1200' },
        { message: 'invalid params', code: '1200' },
      ],
    };
    expect(mapApiError({ status: 422, body })).toEqual(warn('domain: must be a domain name invalid params'));
  });
  it('a 401 in that shape still ends the session', () => {
    const outcome = mapApiError({ status: 401, body: { errors: [{ message: 'Unauthorized.' }] } });
    expect(outcome.kind).toBe('logout');
  });
});
