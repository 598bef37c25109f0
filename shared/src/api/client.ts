import type { ApiSuccess } from '@app/contract';
import wretch, { type Wretch } from 'wretch';
import { runtimeConfig } from '../config/runtime.ts';
import { cannotConnectMessage } from '../errors/connection-message.ts';
import type { ErrorOutcome } from '../errors/types.ts';
import { $token } from '../stores/session.ts';
import { getVendorConfig } from '../vendors/get-vendor-config.ts';
import { dispatchOutcome, loadErrorCatalogue } from './outcome.ts';

/** What every failed call rejects with: the HTTP status (if any) and the server's error body. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly body: unknown;
  readonly handled: boolean;
  constructor(message: string, status: number | undefined, body: unknown, handled: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.handled = handled;
  }
}

export interface CallOptions {
  /** Let the caller show the error itself (e.g. next to a form field) instead of a toast. */
  quiet?: boolean;
  /** Extra request headers, e.g. `X-MSYS-SUBACCOUNT` to act for a subaccount on `/api/v1`. */
  headers?: Record<string, string>;
}

type Base = 'config' | 'subscription' | 'transactional' | 'generator' | 'otp';

const clients = new Map<Base, Wretch>();

/** One wretch instance per base, built on first use (the runtime config does not change after load). */
function clientOf(base: Base): Wretch {
  const existing = clients.get(base);
  if (existing) return existing;
  const config = runtimeConfig();
  // Cookie vendors authenticate with the session cookie the server sets; the others send the bearer token.
  const cookieAuth = getVendorConfig(config.vendor, config.variant).auth === 'cookie';
  const instance = wretch(config.bases[base])
    .options({ credentials: cookieAuth ? 'include' : 'same-origin' })
    .defer((w) => w.headers(headersOf(base)));
  clients.set(base, instance);
  return instance;
}

async function readBody(response: Response | undefined): Promise<unknown> {
  if (!response) return undefined;
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return { message: text };
  }
}

/**
 * Runs one call and maps any failure through the §8 catalogue (toast, logout, multiple-login flags
 * or silence), then rejects with an ApiError so the caller can also react.
 */
async function run<T>(
  method: string,
  url: string,
  send: () => Promise<Response>,
  options: CallOptions,
  read: (response: Response) => Promise<T> = readData,
): Promise<T> {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    const wretchResponse = (error as { response?: Response }).response;
    const status = (error as { status?: number }).status;
    const offline = status === undefined && (typeof navigator === 'undefined' ? false : !navigator.onLine);
    const body = await readBody(wretchResponse);
    const outcome = await loadErrorCatalogue().then(
      (catalogue) => catalogue.mapApiError({ status, body, offline, method, url }),
      // Without its catalogue the failure is most likely the connection's.
      (): ErrorOutcome => ({ kind: 'offline', message: cannotConnectMessage }),
    );
    const handled = !options.quiet || outcome.kind === 'logout' || outcome.kind === 'multipleLogin';
    if (handled) dispatchOutcome(outcome);
    // What the §8 catalogue shows for this failure (a form puts it next to the field), not the raw
    // server text: 'Password incorrect' rather than 'The oldPassword is Invalid'.
    const message =
      ('message' in outcome && outcome.message) ||
      (body as { message?: string } | undefined)?.message ||
      'Request failed';
    throw new ApiError(message, status, body, handled);
  }
  return read(response);
}

/** The body as a File, with the name of its Content-Disposition (else the path's last segment). */
async function readFile(response: Response, path: string): Promise<File> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  const plain = disposition.match(/filename="?([^";]+)"?/i)?.[1];
  const name = encoded
    ? decodeURIComponent(encoded)
    : (plain ?? path.split(/[/?]/).filter(Boolean).at(-1) ?? 'download');
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type });
}

/** A JSON answer's `data` (the console API's envelope), or the whole body when it has none. */
async function readData<T>(response: Response): Promise<T> {
  const body = (await readBody(response)) as ApiSuccess<T> | undefined;
  return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T;
}

/** The headers every call of `base` carries: the bearer token, or the cookie mode, and the product's. */
function headersOf(base: Base): Record<string, string> {
  const config = runtimeConfig();
  const headers: Record<string, string> = {};
  if (getVendorConfig(config.vendor, config.variant).auth === 'cookie') headers['X-Auth-Mode'] = 'cookie';
  else if ($token.get()) headers.Authorization = `Bearer ${$token.get()}`;
  if (base === 'transactional') headers['X-Product'] = config.productHeader;
  if (base === 'subscription') headers['X-Application'] = config.applicationHeader;
  return headers;
}

/** A form POSTed by XMLHttpRequest; resolves with its Response, rejects like wretch does (status, response). */
function sendForm(
  base: Base,
  path: string,
  form: FormData,
  onProgress: (sent: number) => void,
  options: CallOptions & { signal?: AbortSignal },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${runtimeConfig().bases[base]}${path}`);
    request.withCredentials = headersOf(base)['X-Auth-Mode'] === 'cookie';
    for (const [name, value] of Object.entries({ ...headersOf(base), ...options.headers })) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const response = new Response(request.responseText || null, {
        status: request.status,
        headers: { 'content-type': request.getResponseHeader('content-type') ?? 'application/json' },
      });
      if (request.status >= 200 && request.status < 300) resolve(response);
      else reject(Object.assign(new Error(`HTTP ${request.status}`), { status: request.status, response }));
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}

function api(base: Base) {
  const client = (name: Base, options: CallOptions) =>
    options.headers ? clientOf(name).headers(options.headers) : clientOf(name);
  return {
    get: <T>(path: string, options: CallOptions = {}) =>
      run<T>('GET', path, () => client(base, options).get(path).res(), options),
    post: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      run<T>(
        'POST',
        path,
        () =>
          client(base, options)
            .post(body ?? {}, path)
            .res(),
        options,
      ),
    put: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      run<T>(
        'PUT',
        path,
        () =>
          client(base, options)
            .put(body ?? {}, path)
            .res(),
        options,
      ),
    patch: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
      run<T>(
        'PATCH',
        path,
        () =>
          client(base, options)
            .patch(body ?? {}, path)
            .res(),
        options,
      ),
    /**
     * Sends `form` (multipart/form-data), reporting the bytes sent so far (`onProgress`, 0–1): fetch
     * cannot tell upload progress, so this one call goes by XMLHttpRequest, with the same credentials,
     * headers and §8 error handling as the others. `signal` cancels it.
     */
    upload: <T>(
      path: string,
      form: FormData,
      onProgress: (sent: number) => void,
      options: CallOptions & { signal?: AbortSignal } = {},
    ) => run<T>('POST', path, () => sendForm(base, path, form, onProgress, options), options),
    delete: <T>(path: string, options: CallOptions = {}) =>
      run<T>('DELETE', path, () => client(base, options).delete(path).res(), options),
    /** A file (an export, a message's source), authenticated like every call, named as the server names it. */
    blob: (path: string, options: CallOptions = {}) =>
      run<File>(
        'GET',
        path,
        () => client(base, options).get(path).res(),
        options,
        (response) => readFile(response, path),
      ),
  };
}

/** One client per base of §7: config API, subscription API, transactional host, generator, OTP. */
export const http = {
  config: api('config'),
  subscription: api('subscription'),
  transactional: api('transactional'),
  generator: api('generator'),
  otp: api('otp'),
};
