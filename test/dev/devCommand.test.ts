import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDevCliArgs } from '../../src/dev/runDevCli';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

/** Runs `npx vault-session-kit {command}` from the sources, through tsx's loader in one process. */
function runCommand(
  command: 'dev' | 'proxy',
  args: string[],
  env: Record<string, string> = {},
): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dev/bin.ts', command, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  return child;
}

function runCli(args: string[]): ChildProcess {
  return runCommand('dev', args);
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

const signIn = (url: string, origin: string): Promise<Response> =>
  fetch(`${url}/vault/promomats.sunrise.example/api/v26.1/auth`, {
    method: 'POST',
    headers: { Origin: origin },
    body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
  });

function collect(stream: NodeJS.ReadableStream | null): { text: () => string } {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text += chunk;
  });
  return { text: () => text };
}

/** Resolves with the first stdout line while the pipe keeps draining, so later writes never hit a closed pipe. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end >= 0) resolve(buffer.slice(0, end));
    });
    child.once('exit', () => reject(new Error(`The CLI exited before printing a line: ${buffer}`)));
  });
}

/** A port free a moment ago on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

describe('npx vault-session-kit dev', () => {
  it('answers its first connection in full: a script waiting for the port never gets a 503', async () => {
    const port = await freePort();
    const child = runCli(['--port', String(port)]);
    const stderr = collect(child.stderr);
    let answer: Response | undefined;
    // As `wait-on` or a CI script does: try until the port takes a connection.
    while (answer === undefined) {
      answer = await fetch(`http://127.0.0.1:${port}/vault/promomats.sunrise.example/api`).catch(
        () => undefined,
      );
      if (child.exitCode !== null) throw new Error(`The command exited: ${stderr.text()}`);
    }
    expect(answer.status).toBe(200);
    expect((await answer.json()).responseStatus).toBe('SUCCESS');
    await stop(child);
  }, 30_000);

  it("says once, truthfully, what oidc-provider's runtime warning means on Node 20", async () => {
    const child = runCli(['--port', '0']);
    const stderr = collect(child.stderr);
    const stdout = collect(child.stdout);
    await firstLine(child);
    await stop(child);
    const output = `${stdout.text()}\n${stderr.text()}`;
    expect(output).not.toContain('oidc-provider WARNING');
    const explanations = output.match(/oidc-provider supports Node\.js 22 LTS/g) ?? [];
    const lts = process.release.lts ?? '';
    // Node 22 (Jod) and later LTS lines: nothing to explain.
    expect(explanations.length).toBe(lts !== '' && lts >= 'Jod' ? 0 : 1);
  }, 30_000);

  it('serves the emulator, prints its URL, and exits with 0 on SIGTERM', async () => {
    const child = runCli(['--port', '0']);
    const stderr = collect(child.stderr);
    const line = await firstLine(child);
    const match = /^Vault emulator listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
    expect(match, `${line}\n${stderr.text()}`).not.toBeNull();
    const url = match?.[1] ?? '';
    expect(Number(match?.[2])).toBeGreaterThan(0);

    // The production layout: the kit's proxy in front, each vault at its own host.
    const response = await fetch(`${url}/vault/promomats.sunrise.example/api`);
    const body = await response.json();
    expect(body.responseStatus).toBe('SUCCESS');
    expect(body.values['v26.1']).toBe('https://promomats.sunrise.example/api/v26.1');
    const refused = await fetch(`${url}/vault/intranet.example/api`);
    expect((await refused.json()).errors[0].type).toBe('PROXY_HOST_NOT_ALLOWED');

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code, signal] = await exited;
    expect(signal).toBeNull();
    expect(code).toBe(0);
    await expect(fetch(`${url}/api`)).rejects.toThrow();
  }, 30_000);

  it('serves the OpenID Provider that discovery names, so single sign-on can work', async () => {
    const child = runCli(['--port', '0', '--app-origin', 'http://127.0.0.1:5199']);
    const url = /listening on (\S+)$/.exec(await firstLine(child))?.[1] ?? '';
    const discovery = await fetch(`${url}/auth/discovery`, {
      method: 'POST',
      body: new URLSearchParams({
        username: 'sam@harbor.example',
        client_id: 'vault-session-kit-demo',
      }),
    });
    const { data } = await discovery.json();
    expect(data.auth_type).toBe('sso');
    const metadata = data.auth_profiles[0].as_metadata;

    // Every endpoint it names answers as an OpenID Provider does, not with the vault's
    // MALFORMED_URL.
    const configuration = await fetch(`${metadata.issuer}/.well-known/openid-configuration`);
    expect(configuration.status).toBe(200);
    const config = await configuration.json();
    expect(config.authorization_endpoint).toBe(metadata.authorization_endpoint);
    expect(config.token_endpoint).toBe(metadata.token_endpoint);

    const authorize = new URL(metadata.authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: data.auth_profiles[0].as_client_id,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://127.0.0.1:5199/sso/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'abc',
    }).toString();
    const login = await fetch(authorize, { redirect: 'manual' });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toMatch(/\/oidc\/interaction\//);

    const token = await fetch(metadata.token_endpoint, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'nope' }),
    });
    expect(token.status).toBe(400);
    expect((await token.json()).error).toMatch(/^invalid_/);

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  }, 30_000);

  it('serves every vault at /api of its own origin with --single-origin', async () => {
    const child = runCli(['--port', '0', '--single-origin']);
    const url = /listening on (\S+)$/.exec(await firstLine(child))?.[1] ?? '';
    const body = await (await fetch(`${url}/api`)).json();
    expect(body.values['v26.1']).toBe(`https://${new URL(url).host}/api/v26.1`);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  }, 30_000);

  it('also exits with 0 on SIGINT', async () => {
    const child = runCli(['--port=0']);
    await firstLine(child);
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
  }, 30_000);

  it('refuses an app it was not told about, and says which origin and which flag allows it', async () => {
    const child = runCli(['--port', '0', '--app-origin', 'http://127.0.0.1:5199']);
    const stderr = collect(child.stderr);
    const url = /listening on (\S+)$/.exec(await firstLine(child))?.[1] ?? '';

    const refused = await signIn(url, 'http://127.0.0.1:5273');
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0].type).toBe('PROXY_ORIGIN_REFUSED');
    // Said on stderr, where the developer looks: the origin, and the flag that allows it.
    await vi.waitFor(() => expect(stderr.text()).toContain('--app-origin http://127.0.0.1:5273'));
    expect((await (await signIn(url, 'http://127.0.0.1:5199')).json()).responseStatus).toBe(
      'SUCCESS',
    );
    await stop(child);
  }, 30_000);

  it("answers an app's own proxy that sends its upstream calls here (proxy --loopback-upstream)", async () => {
    const dev = runCli(['--port', '0']);
    const devUrl = /listening on (\S+)$/.exec(await firstLine(dev))?.[1] ?? '';
    const proxy = runCommand('proxy', [
      ...['--allow', '*.sunrise.example', '--login-host', 'login.vault.example'],
      ...['--port', '0', '--origin', 'http://127.0.0.1:5199'],
      ...['--loopback-upstream', new URL(devUrl).port],
    ]);
    const line = await firstLine(proxy);
    const proxyUrl = /listening on (http:\/\/[^:]+:\d+)/.exec(line)?.[1] ?? '';
    // It says where the calls really go: the dev command's port, each host kept.
    const upstream = `http://127.0.0.1:${new URL(devUrl).port}`;
    expect(line).toContain(`/auth/* -> ${upstream} (Host: login.vault.example)`);
    expect(line).toContain(
      `/vault/{host}/api/* -> ${upstream} (Host: {host}) for *.sunrise.example`,
    );
    expect(line).not.toContain('https://login.vault.example');

    const versions = await fetch(`${proxyUrl}/vault/quality.sunrise.example/api`);
    expect((await versions.json()).values['v26.1']).toBe(
      'https://quality.sunrise.example/api/v26.1',
    );
    const login = await (await signIn(proxyUrl, 'http://127.0.0.1:5199')).json();
    expect(login.responseStatus).toBe('SUCCESS');
    const discovery = await fetch(`${proxyUrl}/auth/discovery`, {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:5199' },
      body: new URLSearchParams({ username: 'olivia@sunrise.example' }),
    });
    expect((await discovery.json()).data.auth_type).toBe('password');
    await Promise.all([stop(proxy), stop(dev)]);
  }, 90_000);

  // Three `node --import tsx` processes one after another: each can take 20 s to compile
  // and listen on a loaded 2-core machine.
  it('keeps sessions in sealed cookies with VAULT_SESSION_SECRETS, and never prints a secret', async () => {
    const secret = 'a-cli-secret-of-at-least-32-characters';
    const dev = runCli(['--port', '0']);
    const devUrl = /listening on (\S+)$/.exec(await firstLine(dev))?.[1] ?? '';
    const proxy = runCommand(
      'proxy',
      [
        ...['--allow', '*.sunrise.example', '--login-host', 'login.vault.example'],
        ...['--port', '0', '--origin', 'http://127.0.0.1:5199'],
        ...['--loopback-upstream', new URL(devUrl).port],
      ],
      { VAULT_SESSION_SECRETS: secret },
    );
    const stdout = collect(proxy.stdout);
    const line = await firstLine(proxy);
    expect(line).toContain('BFF mode');
    const proxyUrl = /listening on (http:\/\/[^:]+:\d+)/.exec(line)?.[1] ?? '';
    const login = await fetch(`${proxyUrl}/vault/promomats.sunrise.example/api/v26.1/auth`, {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:5199', 'X-Vault-Kit': '1' },
      body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    });
    const body = await login.json();
    expect(body).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: expect.any(String) });
    expect(body).not.toHaveProperty('sessionId');
    expect(login.headers.getSetCookie()[0]).toMatch(/^__Host-vault-session=v1\./);
    await Promise.all([stop(proxy), stop(dev)]);
    expect(`${line}\n${stdout.text()}`).not.toContain(secret);

    const short = runCommand('proxy', ['--allow', '*.sunrise.example'], {
      VAULT_SESSION_SECRETS: 'short-secret',
    });
    const stderr = collect(short.stderr);
    const [code] = await once(short, 'exit');
    expect(code).toBe(2);
    expect(stderr.text()).toContain('session.secrets[0] is 12 characters long');
    expect(stderr.text()).not.toContain('short-secret');
  }, 90_000);

  it('rejects a bad port with a clear message and exit code 2', async () => {
    const child = runCli(['--port', 'abc']);
    const stderr = collect(child.stderr);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr.text()).toMatch(/--port.*"abc"/);
  }, 30_000);
});

describe('parseDevCliArgs', () => {
  it('defaults to port 8787 and validates every argument', () => {
    expect(parseDevCliArgs([])).toEqual({
      port: 8787,
      appOrigins: [
        'http://127.0.0.1:5173',
        'http://localhost:5173',
        'http://127.0.0.1:3000',
        'http://localhost:3000',
      ],
      logEvents: false,
      singleOrigin: false,
      help: false,
    });
    expect(parseDevCliArgs(['--app-origin=https://app.example']).appOrigins).toEqual([
      'https://app.example',
    ]);
    expect(parseDevCliArgs(['--port', '0', '--log-events'])).toMatchObject({
      port: 0,
      logEvents: true,
    });
    expect(parseDevCliArgs(['--port=9001']).port).toBe(9001);
    for (const bad of [
      ['--port'],
      ['--port', '-1'],
      ['--port', '65536'],
      ['--port', '1.5'],
      ['--bogus'],
      ['--app-origin'],
      ['--app-origin', 'http://127.0.0.1:5173/path'],
      ['--app-origin', 'ftp://files.example'],
    ]) {
      expect(() => parseDevCliArgs(bad)).toThrow();
    }
  });
});
