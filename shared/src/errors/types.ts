/** What the console should do about one failed call (§8). Errors are warning notices; 202 is an info notice. */
export type ErrorOutcome =
  | { kind: 'toast'; level: 'warning' | 'info'; title?: string; message: string }
  | { kind: 'logout'; message?: string; redirect?: '/login' }
  | { kind: 'silent'; reason: SilentReason }
  | { kind: 'multipleLogin'; flag: MultipleLoginFlag; message: string }
  | { kind: 'offline'; message: string };

/** Why nothing is shown: a 5xx without code on a POST, or a timed-out call (stats, count, fetch). */
export type SilentReason = 'serverErrorOnPost' | 'timeout';

/** The §4 multiple-login flag a code sets: signInConfirm, signInConfirmMode1, forceOut. */
export type MultipleLoginFlag = 'multipleLogin' | 'denied' | 'ended';

/** Everything mapApiError looks at; every field is optional. */
export interface ApiErrorInput {
  /** HTTP status of the response (absent when no response arrived). */
  status?: number;
  /** Parsed response body: new `{code, message, payload}` or legacy `{message, status?, code?: number}`. */
  body?: unknown;
  /** The browser reports no network. */
  offline?: boolean;
  /** The call was aborted by its own timeout (stats, count and fetch calls set one). */
  timeout?: boolean;
  /** No token was stored, so the call was never sent (rejected as logged out). */
  noToken?: boolean;
  method?: string;
  url?: string;
  context?: { route?: string };
}

/** The body fields the catalogue reads, whatever shape the server used. */
export interface ParsedErrorBody {
  /** Code-based error code (new shape). */
  code?: string;
  /** Legacy numeric code. */
  numericCode?: number;
  message?: string;
  status?: number;
  payload?: {
    field?: string;
    value?: unknown;
    cause?: string;
    feature?: string;
    subfeature?: string;
  };
  /** Legacy quota errors name the feature whose limit was hit (body.feature or payload.feature). */
  feature?: string;
  /** The sentences of a SparkPost-shaped error (`/api/v1`): each error's description, else its message. */
  sparkPostErrors?: string[];
}
