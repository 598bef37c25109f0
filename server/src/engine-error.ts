/**
 * Which rule of the sending engine a request broke. Each transport answers each kind its own way,
 * in one place: `/api/v1` in http/sparkpost-errors.ts, the SMTP relay in its reply mapping.
 */
export type EngineErrorKind =
  /** A value has the wrong format or is not allowed. */
  | 'invalid'
  /** A required value is absent. */
  | 'missing'
  /** The addressed resource does not exist. */
  | 'notFound'
  /** Something the request refers to (a transmission's template) does not exist. */
  | 'subresourceNotFound'
  /** Content does not compile in the substitution language. */
  | 'syntax'
  /** The send does not fit the company's sending limits. */
  | 'overQuota'
  /** A production send From a domain that is not a verified sending domain of the account. */
  | 'unverifiedDomain'
  /** options.dkim_key names no key of the From domain, or one not verified. */
  | 'dkimKey'
  /** Parameters the resource's rules refuse (a limit reached, a test POST that failed...). */
  | 'invalidParams'
  /** A reference to something of the account that is not registered (a tracking domain). */
  | 'unknownReference'
  /** An uploaded file that cannot be read as what it should be. */
  | 'unreadableFile'
  /** The resource exists already. */
  | 'exists'
  /** Another account holds the domain. */
  | 'inUse'
  /** The caller may use the resource but not change it. */
  | 'forbidden'
  /** A remote endpoint (DNS, a webhook target) did not confirm what the request needs. */
  | 'remoteFailed'
  /** A remote endpoint did not answer in time. */
  | 'remoteTimeout';

/**
 * A rule of the engine said no: its kind, what exactly is wrong for people (`description`) and, where
 * the kind's usual headline does not say it, a headline of its own (`summary`). Transport-free.
 */
export class EngineError extends Error {
  readonly kind: EngineErrorKind;
  readonly description: string;
  readonly summary: string | undefined;
  /** The headline says it all: the answer carries no description (SparkPost's DKIM key errors). */
  readonly headlineOnly: boolean;
  /**
   * Where in the request the fault is, when the kind can say more (a template's part and line), or
   * what a remote endpoint answered (a webhook target's `response`).
   */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    kind: EngineErrorKind,
    description: string,
    options: { summary?: string; headlineOnly?: boolean; details?: Record<string, unknown> } = {},
  ) {
    super(description);
    this.name = 'EngineError';
    this.kind = kind;
    this.description = description;
    this.summary = options.summary;
    this.headlineOnly = options.headlineOnly ?? false;
    this.details = options.details ?? {};
  }
}

export const invalidValue = (description: string) => new EngineError('invalid', description);
export const missingValue = (description: string) => new EngineError('missing', description);
export const notFound = (description: string) => new EngineError('notFound', description);
export const subresourceNotFound = (description: string) =>
  new EngineError('subresourceNotFound', description);
/** SparkPost says these in its headline alone. */
export const dkimKeyRefused = (text: string) =>
  new EngineError('dkimKey', text, { summary: text, headlineOnly: true });

/** A send over a sending limit: `feature` is the limit ('daily', 'sandbox', or a plan quota), `limitName` its name. */
export class OverQuotaError extends EngineError {
  readonly feature: string;
  readonly limitName: string;

  constructor(feature: string, limitName: string, description: string) {
    super('overQuota', description);
    this.feature = feature;
    this.limitName = limitName;
  }

  /** Daily limits pass at midnight; a plan's monthly quota does not. */
  get passes(): boolean {
    return this.feature === 'daily' || this.feature === 'sandbox';
  }
}

/** A production send From a domain the account has not verified (SparkPost's 7001, in its words). */
export class UnverifiedDomainError extends EngineError {
  readonly domain: string;

  constructor(domain: string) {
    super('unverifiedDomain', 'Unconfigured or unverified sending domain.');
    this.domain = domain;
  }
}
