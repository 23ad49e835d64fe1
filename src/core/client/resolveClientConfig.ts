import { VaultConfigError } from '../errors';
import { configError } from '../explainInDevelopment';
import { SESSION_ROUTE } from '../kitWire';
import type { ResolvedVaultClientConfig, VaultClientConfig } from './types';

const CLIENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
const API_VERSION_PATTERN = /^v\d{1,2}\.\d$/;
/**
 * A DNS host name (labels of letters, digits and inner hyphens; no scheme, port or path):
 * a vault is addressed by host, never by a full URL.
 */
export const DNS_NAME_PATTERN =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
// Characters a same-origin path may hold; `?`, `#`, `\` and whitespace would change what
// the appended `/api/...` means.
const PATH_PATTERN = /^(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]*)*$/;
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * API version the kit speaks when none is configured.
 */
export const DEFAULT_API_VERSION = 'v26.1';

/**
 * Per-call timeout in milliseconds when none is configured.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Validates {@link VaultClientConfig} and fills in the defaults. Throws
 * {@link VaultConfigError} for anything that cannot work, so a bad setting fails at start-up
 * rather than on the first request.
 */
export function resolveClientConfig(config: VaultClientConfig): ResolvedVaultClientConfig {
  if (typeof config !== 'object' || config === null) {
    throw configError('The client settings are not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'The client needs a settings object with baseUrl or vaultUrl.',
    );
  }
  const vaultUrl = config.vaultUrl === undefined ? undefined : checkVaultRoute(config.vaultUrl);
  if (config.baseUrl === undefined && vaultUrl === undefined) {
    throw configError('baseUrl or vaultUrl is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'Set baseUrl (one vault behind one URL) or vaultUrl (each vault at its host).',
    );
  }
  const baseUrl =
    config.baseUrl === undefined ? undefined : normalizeServiceUrl(config.baseUrl, 'baseUrl');
  const authUrl =
    config.authUrl === undefined ? baseUrl : normalizeServiceUrl(config.authUrl, 'authUrl');
  if (authUrl === undefined) {
    throw configError('authUrl is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'Without baseUrl, set authUrl: the login host ("" behind the kit\'s proxy).',
    );
  }

  const apiVersion = config.apiVersion ?? DEFAULT_API_VERSION;
  if (typeof apiVersion !== 'string' || !API_VERSION_PATTERN.test(apiVersion)) {
    throw configError('apiVersion is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'apiVersion must look like "v26.1" (v, digits, a dot, a digit).',
    );
  }

  const clientId = config.clientId;
  if (clientId !== undefined && !isValidClientId(clientId)) {
    throw configError('clientId is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'clientId may hold only letters, digits, ".", "_" and "-", and at most 100 characters.',
    );
  }

  const idpUserName = config.idpUserName;
  if (idpUserName !== undefined && (typeof idpUserName !== 'string' || idpUserName === '')) {
    throw configError('idpUserName is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'idpUserName must be a non-empty string when given.',
    );
  }

  const idpOAuthScope = config.idpOAuthScope ?? 'openid';
  if (
    typeof idpOAuthScope !== 'string' ||
    !/^[\x21\x23-\x5B\x5D-\x7E]+(?: [\x21\x23-\x5B\x5D-\x7E]+)*$/.test(idpOAuthScope)
  ) {
    throw configError('idpOAuthScope is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'idpOAuthScope must be space-separated OAuth scope tokens, for example "openid".',
    );
  }

  const validateDns = config.validateDns ?? true;
  if (typeof validateDns !== 'boolean') {
    throw configError('validateDns is not valid.', () =>
      process.env.NODE_ENV === 'production' ? undefined : 'validateDns must be true or false.',
    );
  }

  const vaultDns = config.vaultDns === undefined ? undefined : checkVaultDns(config.vaultDns);
  const timeoutMs = checkTimeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');

  if (config.fetch !== undefined && typeof config.fetch !== 'function') {
    throw configError('fetch is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'fetch must be a function with the signature of globalThis.fetch.',
    );
  }

  const credentials = config.credentials ?? 'token';
  if (credentials !== 'token' && credentials !== 'proxy') {
    throw configError('credentials is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'credentials must be "token" (the page holds the session ID) or "proxy" (the kit\'s proxy holds it in a cookie).',
    );
  }
  if (config.proxySessionUrl !== undefined && credentials !== 'proxy') {
    throw configError('proxySessionUrl is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'proxySessionUrl is used only with credentials: "proxy".',
    );
  }
  const proxySessionUrl =
    credentials === 'proxy'
      ? config.proxySessionUrl === undefined
        ? `${authUrl}${SESSION_ROUTE}`
        : parseServiceUrl(config.proxySessionUrl, 'proxySessionUrl')
      : undefined;

  return Object.freeze({
    baseUrl,
    authUrl,
    vaultUrl,
    apiVersion,
    clientId,
    idpUserName,
    idpOAuthScope,
    validateDns,
    vaultDns,
    timeoutMs,
    credentials,
    proxySessionUrl,
    fetch: config.fetch,
  });
}

/**
 * True for a client ID the service accepts: letters, digits, `.`, `_`, `-`, 1 to 100
 * characters. A malformed one is logged by the service as `invalid_client_id`.
 */
export function isValidClientId(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_ID_PATTERN.test(value);
}

/**
 * Checks a vault DNS name (a host such as `promomats.sunrise.example`, never a URL) and
 * returns it unchanged, or throws {@link VaultConfigError}.
 */
export function checkVaultDns(value: unknown): string {
  if (typeof value !== 'string' || !DNS_NAME_PATTERN.test(value)) {
    throw configError('vaultDns is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'vaultDns must be a host name such as "promomats.sunrise.example" (no scheme, port or path).',
    );
  }
  return value;
}

/**
 * Checks a timeout in milliseconds (a whole number from 1 up to the largest timer delay)
 * and returns it, or throws {@link VaultConfigError}.
 */
export function checkTimeout(value: unknown, name: string): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_TIMEOUT_MS
  ) {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `${name} must be a whole number of milliseconds from 1 up.`,
    );
  }
  return value;
}

const SAMPLE_DNS = 'vault.example';

function checkVaultRoute(value: unknown): (dns: string) => string {
  if (typeof value === 'function') {
    const route = value as (dns: string) => unknown;
    // A function's answer is checked on every call, since it may depend on the host.
    return (dns) => normalizeServiceUrl(route(dns), 'vaultUrl(dns)');
  }
  if (typeof value !== 'string' || value.split('{dns}').length !== 2) {
    throw configError('vaultUrl is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'vaultUrl must hold "{dns}" once ("https://{dns}", "/vault/{dns}") or be a function.',
    );
  }
  // The template is checked once with a sample host; a host that passed checkVaultDns
  // cannot change what kind of URL it makes.
  normalizeServiceUrl(value.replace('{dns}', SAMPLE_DNS), 'vaultUrl');
  return (dns) => normalizeServiceUrl(value.replace('{dns}', dns), 'vaultUrl');
}

function normalizeServiceUrl(value: unknown, name: string): string {
  const normalized = parseServiceUrl(value, name);
  // The kit appends `/api/{version}` itself; a base that already ends in it would make every
  // call fail with MALFORMED_URL, so it is refused here with the fix spelled out.
  const apiSuffix = /\/api(?:\/v\d+(?:\.\d+)?)?$/i.exec(normalized);
  if (apiSuffix) {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `${name} "${String(value)}" ends in "${apiSuffix[0]}": give the vault's root instead ("${normalized.slice(0, apiSuffix.index) || '""'}"); the kit adds /api/{version} itself.`,
    );
  }
  return normalized;
}

function parseServiceUrl(value: unknown, name: string): string {
  if (typeof value !== 'string') {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `${name} must be a string: an absolute URL or a same-origin path.`,
    );
  }
  if (value === '' || value.startsWith('/')) {
    // `//host` would be a protocol-relative URL to another origin, not a path.
    if (value.startsWith('//') || !PATH_PATTERN.test(value)) {
      throw configError(`${name} is not valid.`, () =>
        process.env.NODE_ENV === 'production'
          ? undefined
          : `${name} "${value}" is not a usable same-origin path: use "" or a path such as "/vault".`,
      );
    }
    return value.replace(/\/+$/, '');
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `${name} "${value}" is neither an absolute http(s) URL nor a same-origin path starting with "/".`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `${name} must use https: or http:, not ${url.protocol}`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production' ? undefined : `${name} must not carry credentials.`,
    );
  }
  if (url.search !== '' || url.hash !== '' || value.includes('?') || value.includes('#')) {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `${name} must not have a query or fragment.`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
