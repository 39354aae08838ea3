/**
 * The one request to the shop's API (and the only caller of `fetch` for it): the API base, the
 * bearer token, asking again after momentary failures and the one ApiError. Build-time pages and
 * islands both use it. The base URL is `API_BASE` at build time and `PUBLIC_API_BASE` in the
 * browser (default: the same origin's `/api/`). The calls themselves are named by area beside it
 * (catalogue.ts, auth.ts, account.ts, cart.ts, wishlist.ts, orders.ts, reviews.ts, delivery.ts,
 * contact.ts), so a page's scripts carry the calls its islands make and no others.
 */
import { BUSY_MESSAGE } from '../../../contract/shop';
import { errorMessage } from './error-text';
import { askAgainWhileBusy, isMomentaryFailure } from './retry';

/** A failed call: the HTTP status (0 when the API could not be reached) and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    /** The answer's Retry-After header, when it had one. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const DEFAULT_BUILD_API = 'http://127.0.0.1:4321/api/';

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The browser-facing API base (as configured, possibly relative). */
export function publicApiBase(): string {
  return withSlash(import.meta.env.PUBLIC_API_BASE || '/api/');
}

/** Where calls go from here: the build's API when rendering, the public one in the browser. */
export function apiBase(): string {
  if (import.meta.env.SSR) return withSlash(process.env.API_BASE || DEFAULT_BUILD_API);
  return publicApiBase();
}

/** Origin that relative media paths belong to: '' when the public API shares the site's origin. */
export function mediaOrigin(): string {
  const base = publicApiBase();
  return /^https?:\/\//i.test(base) ? new URL(base).origin : '';
}

export type Query = Record<string, string | number | boolean | undefined>;

function url(path: string, query?: Query): string {
  const base = apiBase();
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) qs.set(key, String(value));
  }
  const search = qs.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** Send the session's bearer token (default: whenever one is held). */
  auth?: boolean;
  signal?: AbortSignal | undefined;
  /** Message when the answer carries none. */
  fallback?: string;
  /**
   * On the server, keep the answer for the rest of the build (the default for reads). Answers
   * that depend on what a shopper asked for, rendered at request time, are never kept.
   */
  memo?: boolean;
  /**
   * A 401 here says nothing about the stored session (the login call itself, logout): it is not
   * passed to the session-ended handler.
   */
  ownsUnauthorized?: boolean;
  /**
   * Ask again after a momentary failure (no answer, 502, 503, 504: see retry.ts). Reads always
   * do; a write only when the server treats it as repeatable.
   */
  retry?: boolean;
  /**
   * The bearer token of another kind of session, sent instead of the shopper's; null sends none
   * (the back office, whose session is its HttpOnly cookie).
   */
  token?: string | null;
  /**
   * What a 401 ends instead of the shopper's session (the back office's staff session); the
   * shopper's session is not touched.
   */
  onUnauthorized?: () => void;
  /** Headers of the call's own (the back office's x-gharbazaar-staff). */
  headers?: Record<string, string>;
}

let tokenSource: () => string | null = () => null;

/** Registers where the session token comes from (the session store does, once). */
export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

let sessionEnded: (token: string) => void = () => undefined;

/**
 * Registers what happens when the server answers 401 to a call that carried the stored token:
 * the server has ended that session (expired, logged out elsewhere, password reset), so the
 * session store ends it here too. Called with the token that was refused.
 */
export function onSessionEnded(handler: (token: string) => void): void {
  sessionEnded = handler;
}

/** Build-time memo: many pages ask for the same lists, and the catalogue does not change mid-build. */
const buildCache = new Map<string, Promise<unknown>>();

/** Forgets the server-side reads kept so far: the catalogue changed since (pages rendered again after a staff change). */
export function forgetBuildReads(): void {
  buildCache.clear();
}

/**
 * The one request: the API base, the bearer token, asking again after momentary failures and the
 * one ApiError. Exported for the back office's client (features/admin/admin-api.ts), whose calls
 * carry the staff session cookie instead; the shopper's calls are the named functions beside it.
 */
export async function call(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const target = url(path, options.query);
  if (import.meta.env.SSR && method === 'GET' && options.memo !== false) {
    let cached = buildCache.get(target);
    if (!cached) {
      cached = send(target, options);
      buildCache.set(target, cached);
      cached.catch(() => buildCache.delete(target));
    }
    return cached;
  }
  return send(target, options);
}

/** Sends the call, asking again after a momentary failure when the call may be repeated. */
function send(target: string, options: RequestOptions): Promise<unknown> {
  const repeatable = options.retry ?? (options.method ?? 'GET') === 'GET';
  return repeatable ? askAgainWhileBusy(() => sendOnce(target, options), options.signal) : sendOnce(target, options);
}

async function sendOnce(target: string, options: RequestOptions): Promise<unknown> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const token =
    options.auth === false || import.meta.env.SSR ? null : options.token !== undefined ? options.token : tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(target, {
      method: options.method ?? 'GET',
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const hint = import.meta.env.SSR
      ? ' Start the API with "npm start" (or "npm run build", which starts it) or set API_BASE to where it runs.'
      : '';
    throw new ApiError(0, `Could not reach the shop's API at ${target}: ${String(cause)}.${hint}`);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text for the error message.
  }
  if (!response.ok) {
    if (response.status === 401 && !options.ownsUnauthorized) refused(token, options.onUnauthorized);
    // A load balancer's own 502/504 page, or a 503 without the API's words: the shop is busy.
    const message =
      isMomentaryFailure(response.status) && (parsed === null || typeof parsed !== 'object')
        ? BUSY_MESSAGE
        : errorMessage(parsed, options.fallback ?? `Request failed (${response.status})`);
    throw new ApiError(response.status, message, parsed, response.headers.get('retry-after'));
  }
  return parsed;
}

/** A 401: it ends the other session `onUnauthorized` names, else the shopper's when `token` was theirs. */
function refused(token: string | null, onUnauthorized: (() => void) | undefined): void {
  if (onUnauthorized) onUnauthorized();
  else if (token) sessionEnded(token);
}

/** A file the API answers (a PDF), its name from `Content-Disposition`, else `fallbackName`. */
export interface ApiFile {
  file: Blob;
  name: string;
}

/**
 * Downloads a file the API answers, with the shopper's token or, for the back office, its session
 * cookie (`token: null`, a 401 goes to `options.onUnauthorized`); a refusal throws the one ApiError.
 */
export async function callFile(
  path: string,
  fallbackName: string,
  options: Pick<RequestOptions, 'token' | 'onUnauthorized' | 'headers' | 'fallback' | 'signal' | 'query'> & {
    /** The file's media type (default: a PDF). */
    accept?: string;
  } = {},
): Promise<ApiFile> {
  const target = url(path, options.query);
  const headers: Record<string, string> = { ...options.headers, accept: options.accept ?? 'application/pdf' };
  const token = options.token !== undefined ? options.token : tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(target, { headers, signal: options.signal ?? null });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, `Could not reach the shop's API at ${target}: ${String(cause)}.`);
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    if (response.status === 401) refused(token, options.onUnauthorized);
    throw new ApiError(
      response.status,
      errorMessage(parsed, options.fallback ?? `Request failed (${response.status})`),
      parsed,
      response.headers.get('retry-after'),
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { file: await response.blob(), name };
}

/** HTML of a pre-built page fragment on this site (the grids' "Load More" pages). */
export async function loadHtmlFragment(path: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(path, { signal: signal ?? null, headers: { accept: 'text/html' } });
  if (!response.ok) throw new ApiError(response.status, `Could not load ${path} (${response.status})`);
  return response.text();
}
