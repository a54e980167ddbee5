import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import {
  API_BASE,
  DEFAULT_REQUEST_TIMEOUT_MS,
  ERROR_TOAST_DURATION_MS,
  LONG_REQUEST_TIMEOUT_MS,
  LONG_TIMEOUT_URL_PARTS,
  REQUEST_ERROR_MESSAGE,
} from '../../../shared/constants.js';
import { ResultCode, SESSION_CODES, isEnvelope, type Envelope } from '../../../shared/envelope.js';

/**
 * The client request layer of spec 000 §7–§9 and 001 §7, as a factory so its rules can be tested without a
 * browser: base /api, a timestamp on every URL, Authorization and jnpf-origin headers, GET payloads as query
 * parameters, the envelope check with its error toast, the session codes, the loading mask and the timeouts.
 */
export interface RequestDependencies {
  getToken(): string | null;
  /** An HTTP language tag for Accept-Language, so server messages come back in the user's language. */
  getLanguageTag(): string;
  showError(message: string, durationMs: number): void;
  /** Codes 600/601/602: drop the token and go to /login. */
  endSession(): void;
  /** Code 605: the initial password must be changed first; the forced-change dialog says so, not a toast per call. */
  passwordChangeRequired?(): void;
  requestStarted(): void;
  requestFinished(): void;
  /** Tests pass a transport; the app uses axios' own. */
  adapter?: AxiosAdapter;
}

export interface RequestConfig<D = unknown> extends Omit<AxiosRequestConfig<D>, 'data' | 'params'> {
  url: string;
  /** The payload: query parameters for GET (and DELETE), the body otherwise. */
  data?: D;
  params?: Record<string, unknown>;
  /** Send the body form-encoded, as the sign-in call does. */
  form?: boolean;
  /**
   * A background call (a poll): no loading mask and no error toast; the caller decides what a failure means.
   * Session codes still end the session.
   */
  silent?: boolean;
}

export class RequestError extends Error {
  constructor(message: string, readonly envelope?: Envelope) {
    super(message);
    this.name = 'RequestError';
  }
}

const LOGIN_URL = '/oauth/Login';
const LOCK_URLS = ['/oauth/LockScreen', '/oauth/UnlockScreen'];
/** Data-source test and online-development config calls answer their own codes to the caller (spec 000 §8). */
const CODE_CHECK_BYPASS = [/\/DataSource\/Actions\/Test/i, /\/visualdev\/OnlineDev\/[^/]+\/Config/i, /\/DataInterface\/[^/]+\/Actions\/Preview/i];

/** Matched without case: the spec writes Permission/Authority/Data while the API path is /permission/Authority/Data. */
export function timeoutFor(url: string): number {
  const lower = url.toLowerCase();
  return LONG_TIMEOUT_URL_PARTS.some((part) => lower.includes(part.toLowerCase())) ? LONG_REQUEST_TIMEOUT_MS : DEFAULT_REQUEST_TIMEOUT_MS;
}

export function bypassesCodeCheck(url: string): boolean {
  return CODE_CHECK_BYPASS.some((pattern) => pattern.test(url));
}

const isLoginCall = (url: string) => url.includes(LOGIN_URL);
const endsNoSession = (url: string) => isLoginCall(url) || LOCK_URLS.some((lock) => url.includes(lock));

export function createRequest(deps: RequestDependencies) {
  const instance: AxiosInstance = axios.create({ baseURL: API_BASE, adapter: deps.adapter });

  instance.interceptors.request.use((config: InternalAxiosRequestConfig & { silent?: boolean }) => {
    if (!config.silent) deps.requestStarted();
    const token = deps.getToken();
    if (token) config.headers.set('Authorization', token);
    config.headers.set('jnpf-origin', 'pc');
    config.headers.set('Accept-Language', deps.getLanguageTag());
    // The V3 cache-busting timestamp: unix seconds as n (the server also accepts V5's _t).
    config.params = { ...(config.params ?? {}), n: Math.floor(Date.now() / 1000) };
    config.timeout = timeoutFor(config.url ?? '');
    return config;
  });

  const failWith = (envelope: Envelope | undefined, url: string, silent = false): never => {
    const message = envelope?.msg || REQUEST_ERROR_MESSAGE;
    const changeFirst = envelope?.code === ResultCode.passwordChangeRequired && deps.passwordChangeRequired !== undefined;
    if (changeFirst) deps.passwordChangeRequired!();
    if (!silent && !changeFirst) deps.showError(message, ERROR_TOAST_DURATION_MS);
    if (envelope && SESSION_CODES.includes(envelope.code) && !endsNoSession(url)) deps.endSession();
    // The sign-in page reads the envelope itself (captcha needed, locked...): it gets the raw answer.
    if (isLoginCall(url) && envelope) throw envelope;
    throw new RequestError(message, envelope);
  };

  async function request<T = unknown, D = unknown>(config: RequestConfig<D>): Promise<Envelope<T>> {
    const method = (config.method ?? 'GET').toUpperCase();
    const { data, form, params, silent = false, ...rest } = config;
    const sendsQuery = method === 'GET' || method === 'DELETE';
    const axiosConfig: AxiosRequestConfig & { silent: boolean } = {
      ...rest,
      silent,
      method,
      params: sendsQuery ? { ...(params ?? {}), ...((data as object) ?? {}) } : params,
      data: sendsQuery ? undefined : form ? new URLSearchParams(data as Record<string, string>).toString() : data,
    };
    if (form) axiosConfig.headers = { ...(rest.headers ?? {}), 'Content-Type': 'application/x-www-form-urlencoded' };

    let body: unknown;
    try {
      const response = await instance.request(axiosConfig);
      body = response.data;
    } catch (error) {
      // An HTTP failure that still carries an envelope (503 from the health check, a proxy's JSON) is read as one.
      const payload = error instanceof AxiosError ? error.response?.data : undefined;
      return failWith(isEnvelope(payload) ? payload : undefined, config.url, silent);
    } finally {
      if (!silent) deps.requestFinished();
    }
    if (config.responseType === 'blob' || config.responseType === 'arraybuffer') {
      // A refused download answers an envelope, not a file: read it as one rather than save it.
      if (typeof Blob !== 'undefined' && body instanceof Blob && body.type.includes('application/json')) {
        let envelope: unknown;
        try {
          envelope = JSON.parse(await body.text());
        } catch {
          envelope = undefined;
        }
        if (isEnvelope(envelope) && envelope.code !== ResultCode.success) return failWith(envelope, config.url, silent);
      }
      return { code: ResultCode.success, msg: '', data: body as T };
    }
    if (!isEnvelope(body)) return failWith(undefined, config.url, silent);
    if (body.code !== ResultCode.success && !bypassesCodeCheck(config.url)) return failWith(body, config.url, silent);
    return body as Envelope<T>;
  }

  return { request, instance };
}
