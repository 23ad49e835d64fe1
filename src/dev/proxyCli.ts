/// <reference types="node" />

import {
  createVaultProxyListener,
  describeVaultProxy,
  type NodeVaultProxyOptions,
  serveVaultProxy,
} from '../proxy-node';

const USAGE = `Usage: npx vault-session-kit proxy --allow PATTERN [--allow PATTERN]... [--login-host HOST]
                                   [--port N] [--hostname ADDR] [--origin URL]...
                                   [--trust-forwarded-host]
                                   [--session-secret SECRET]... [--session-path PATH]
                                   [--sso-allow HOST]...

  --allow PATTERN    A vault host the proxy may reach: an exact name or *.suffix
                     (for example '*.veevavault.com'). Required; repeatable.
  --login-host HOST  The login host for /auth/* (default login.veevavault.com)
  --port N           Port to listen on (default 8080; 0 picks a free one)
  --hostname ADDR    Address to listen on (default 127.0.0.1)
  --origin URL       An origin allowed to make state-changing calls, such as
                     https://app.example.com. Repeatable. Without one (or the
                     next option), browsers' POST/PUT/PATCH/DELETE are refused.
  --trust-forwarded-host
                     Also allow the origin named by X-Forwarded-Proto and
                     X-Forwarded-Host: only behind a reverse proxy that sets them.
  --session-secret SECRET
                     Turn on BFF mode: the vault session is kept in a sealed
                     HttpOnly cookie, never shown to the page. At least 32
                     characters; repeatable: the first seals, all open (put a new
                     one first to rotate). Better from the environment, out of
                     the process list: VAULT_SESSION_SECRETS=new,old
  --session-path PATH
                     Where BFF mode answers who-am-I (default /vault-session)
  --sso-allow HOST   An identity-provider host the proxy may reach to finish
                     single sign-on itself in BFF mode (exact name or *.suffix;
                     repeatable). The page then holds no token; each app origin
                     registers {origin}/vault-session/sso/callback with its provider.
  --loopback-upstream PORT
                     Send every upstream call over plain HTTP to 127.0.0.1:PORT
                     instead of https://{host}, the host kept in the Host header: for
                     a local emulator or test server, such as
                     npx vault-session-kit dev --port 8787 with
                     --allow '*.sunrise.example' --login-host login.vault.example
                     --loopback-upstream 8787. Never for production.
  --help             Show this help`;

/**
 * The settings the proxy CLI accepts.
 */
export interface ProxyCliArgs {
  readonly allowHosts: readonly string[];
  readonly loginHost: string;
  readonly port: number;
  readonly hostname: string;
  readonly origins: readonly string[];
  readonly trustForwardedHost: boolean;
  /** BFF mode's secrets (flags first, then `VAULT_SESSION_SECRETS`); empty: token mode. */
  readonly sessionSecrets: readonly string[];
  readonly sessionPath: string | undefined;
  /** Identity-provider hosts for single sign-on through the proxy (BFF mode). */
  readonly ssoAllowHosts: readonly string[];
  /** Where upstream calls go instead of the vault hosts, for local testing. */
  readonly loopbackUpstreamPort: number | undefined;
  readonly help: boolean;
}

/**
 * Parses the proxy CLI's arguments (and `VAULT_SESSION_SECRETS` from `env`, comma-separated);
 * throws an `Error` with a usable message for bad input.
 */
export function parseProxyCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): ProxyCliArgs {
  const allowHosts: string[] = [];
  const sessionSecrets: string[] = [];
  const ssoAllowHosts: string[] = [];
  let sessionPath: string | undefined;
  const origins: string[] = [];
  let loginHost = 'login.veevavault.com';
  let port = 8080;
  let hostname = '127.0.0.1';
  let loopbackUpstreamPort: number | undefined;
  let help = false;
  let trustForwardedHost = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '') throw new Error(`${name} needs a value.`);
      return next;
    };
    if (name === '--help' || name === '-h') help = true;
    else if (name === '--allow') allowHosts.push(...value().split(','));
    else if (name === '--login-host') loginHost = value();
    else if (name === '--hostname') hostname = value();
    else if (name === '--origin') origins.push(value());
    else if (name === '--trust-forwarded-host') trustForwardedHost = true;
    else if (name === '--session-secret') sessionSecrets.push(value());
    else if (name === '--session-path') sessionPath = value();
    else if (name === '--sso-allow') ssoAllowHosts.push(...value().split(','));
    else if (name === '--port') port = parsePort(value(), name, 0);
    else if (name === '--loopback-upstream') loopbackUpstreamPort = parsePort(value(), name, 1);
    else throw new Error(`Unknown argument "${arg}".`);
  }
  for (const secret of (env.VAULT_SESSION_SECRETS ?? '').split(',')) {
    if (secret.trim() !== '') sessionSecrets.push(secret.trim());
  }
  if (ssoAllowHosts.length > 0 && sessionSecrets.length === 0) {
    throw new Error('--sso-allow needs BFF mode: give --session-secret or VAULT_SESSION_SECRETS.');
  }
  if (sessionPath !== undefined && sessionSecrets.length === 0) {
    throw new Error(
      '--session-path needs BFF mode: give --session-secret or VAULT_SESSION_SECRETS.',
    );
  }
  if (!help && allowHosts.length === 0) {
    throw new Error("--allow is required: name the vault hosts, for example '*.veevavault.com'.");
  }
  return {
    allowHosts,
    loginHost,
    port,
    hostname,
    origins,
    trustForwardedHost,
    sessionSecrets,
    sessionPath,
    ssoAllowHosts,
    loopbackUpstreamPort,
    help,
  };
}

function parsePort(raw: string, name: string, lowest: number): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < lowest || port > 65535) {
    throw new Error(`${name} needs a whole number between ${lowest} and 65535, got "${raw}".`);
  }
  return port;
}

/**
 * Runs the production proxy on Node until SIGINT or SIGTERM. Bad arguments exit with 2.
 *
 * @example
 * ```ts
 * await runProxyCli(['--allow', '*.veevavault.com', '--port', '0']);
 * ```
 */
export async function runProxyCli(argv: readonly string[]): Promise<void> {
  let args: ProxyCliArgs;
  let proxy: NodeVaultProxyOptions;
  try {
    args = parseProxyCliArgs(argv, process.env);
    if (args.help) {
      console.log(USAGE);
      return;
    }
    proxy = {
      loginHost: args.loginHost,
      allowHosts: args.allowHosts,
      allowedOrigins: args.origins,
      trustForwardedHost: args.trustForwardedHost,
      ...(args.sessionSecrets.length === 0
        ? {}
        : {
            session: {
              secrets: args.sessionSecrets,
              ...(args.sessionPath === undefined ? {} : { path: args.sessionPath }),
              ...(args.ssoAllowHosts.length === 0
                ? {}
                : { sso: { allowHosts: args.ssoAllowHosts } }),
            },
          }),
      ...(args.loopbackUpstreamPort === undefined
        ? {}
        : { upstream: `http://127.0.0.1:${args.loopbackUpstreamPort}` }),
      log: (event) =>
        console.log(
          `${event.method} ${event.route} ${event.host ?? '-'} ${event.status}${event.error ? ` ${event.error}` : ''} ${event.durationMs}ms`,
        ),
    };
    // Checked here, so bad settings exit with the usage rather than a stack trace.
    createVaultProxyListener(proxy).close();
  } catch (error) {
    console.error(`proxy: ${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const served = await serveVaultProxy(proxy, {
    port: args.port,
    hostname: args.hostname,
    print: false,
  });
  const stop = (): void => {
    void served.close().then(() => {
      process.exitCode = 0;
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // After the handlers: a signal sent in reply to this line must find them in place. It
  // says where each route really goes (with --loopback-upstream, to that port).
  console.log(`Vault proxy listening on ${served.url}: ${describeVaultProxy(proxy)}`);
}
