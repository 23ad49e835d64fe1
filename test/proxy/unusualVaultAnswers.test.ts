// BFF mode against answers the service does not send but a vault (or what stands between the
// proxy and it) could: a body left compressed, a login labelled as a document or written as
// XML, a session ID in the reason phrase or in a header that passes by name, bytes after a
// 205. Whatever the shape, no byte the page can read holds a session ID the vault issued.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createVaultProxy } from '../../src/proxy';
import { serveVaultProxy } from '../../src/proxy-node';
import { createBrowser, OWN, PROMOMATS, SECRET_A } from './bffDeployment';
import { APP_ORIGIN, failureType, PROXY_ADAPTERS } from './proxyAdapters';

const LOGIN = `/vault/${PROMOMATS}/api/v26.1/auth`;
const KEEP_ALIVE = `/vault/${PROMOMATS}/api/v26.1/keep-alive`;
const JSON_TYPE = 'application/json;charset=UTF-8';

/** A session ID of the vault's shape, new for each login. */
function newSessionId(): string {
  return `C${crypto.randomUUID().replaceAll('-', '').toUpperCase()}0A1B2C3D`;
}

function loginAnswer(sid: string): string {
  return JSON.stringify({
    responseStatus: 'SUCCESS',
    sessionId: sid,
    userId: 61001,
    vaultId: 1001,
    vaultIds: [{ id: 1001, name: 'PromoMats', url: `https://${PROMOMATS}/api` }],
  });
}

type Shape = (sid: string) => Response | Promise<Response>;

/**
 * A vault that answers its login as `login` shapes it and every other call as `call` does
 * (given the session ID the call came with), recording the sessions it issued and ended.
 */
function standInVault(
  login: Shape,
  call: Shape = () => Response.json({ responseStatus: 'SUCCESS' }),
) {
  const issued: string[] = [];
  const ended: string[] = [];
  const hosts: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const { pathname, hostname } = new URL(request.url);
    hosts.push(hostname);
    // Read as a server reads it: the proxy's bound on the answer starts once it is sent.
    await request.arrayBuffer();
    if (pathname.endsWith('/auth')) {
      const sid = newSessionId();
      issued.push(sid);
      return login(sid);
    }
    const sid = request.headers.get('authorization') ?? '';
    if (request.method === 'DELETE' && pathname.endsWith('/session')) {
      ended.push(sid);
      return Response.json({ responseStatus: 'SUCCESS' });
    }
    return call(sid);
  };
  return { issued, ended, hosts, fetch };
}

/** Every byte of an answer a page script can read, and its body gunzipped when it is gzip. */
async function pageVisible(response: Response): Promise<string> {
  const body = Buffer.from(await response.arrayBuffer());
  let unzipped = '';
  try {
    unzipped = gunzipSync(body).toString('latin1');
  } catch {
    // Not gzip: the raw bytes are what the page reads.
  }
  const headers = [...response.headers]
    .filter(([name, value]) => name !== 'set-cookie' || !value.startsWith('__Host-vault-'))
    .map(([name, value]) => `${name}: ${value}`);
  return [response.statusText, ...headers, body.toString('latin1'), unzipped].join('\n');
}

const PROXY_OPTIONS = {
  loginHost: 'login.vault.example',
  allowHosts: ['*.sunrise.example'],
  allowedOrigins: [APP_ORIGIN],
  warn: () => undefined,
};

describe.each(PROXY_ADAPTERS)('$name in BFF mode', (adapter) => {
  async function deploy(login: Shape, call?: Shape, upstreamTimeoutMs?: number) {
    const vault = standInVault(login, call);
    const warnings: string[] = [];
    const proxy = await adapter.start({
      ...PROXY_OPTIONS,
      ...(upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs }),
      session: { secrets: [SECRET_A] },
      fetch: vault.fetch,
      warn: (message) => warnings.push(message),
    });
    return { vault, warnings, browser: createBrowser(proxy) };
  }

  const signIn = (browser: ReturnType<typeof createBrowser>, signal?: AbortSignal) =>
    browser.send(LOGIN, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=olivia%40sunrise.example&password=Sunrise-Demo-1',
      ...(signal === undefined ? {} : { signal }),
    });

  // A fetch leaves a body as it came when one of its codings is not one it undoes.
  it.each(['gzip, identity', 'identity, gzip', 'zstd', 'compress'])(
    'refuses a login answer left compressed (Content-Encoding: %s), setting no cookie',
    async (coding) => {
      const { vault, browser } = await deploy(
        (sid) =>
          new Response(gzipSync(loginAnswer(sid)), {
            headers: { 'Content-Type': JSON_TYPE, 'Content-Encoding': coding },
          }),
      );
      const response = await signIn(browser);
      expect(response.status).toBe(502);
      const seen = await pageVisible(response.clone());
      expect(await failureType(response)).toBe('PROXY_CREDENTIAL_WITHHELD');
      expect(seen).not.toContain(vault.issued[0]);
      expect(browser.jar.has(OWN)).toBe(false);
    },
  );

  it.each(['application/octet-stream', 'application/pdf', 'application/vnd.vault.session'])(
    'seals a login answer whatever its label (%s)',
    async (contentType) => {
      const { vault, browser } = await deploy(
        (sid) => new Response(loginAnswer(sid), { headers: { 'Content-Type': contentType } }),
      );
      const response = await signIn(browser);
      expect(response.status).toBe(200);
      const seen = await pageVisible(response.clone());
      expect(seen).not.toContain(vault.issued[0]);
      expect(((await response.json()) as { sessionTag?: string }).sessionTag).toMatch(/^[\w-]+$/);
      expect(browser.jar.has(OWN)).toBe(true);
    },
  );

  it('withholds a login answer that is not a JSON object (XML), with a reason', async () => {
    const { vault, browser } = await deploy(
      (sid) =>
        new Response(
          `<VaultResponse><responseStatus>SUCCESS</responseStatus><sessionId>${sid}</sessionId></VaultResponse>`,
          { headers: { 'Content-Type': 'application/xml' } },
        ),
    );
    const response = await signIn(browser);
    expect(response.status).toBe(502);
    const seen = await pageVisible(response.clone());
    const body = (await response.json()) as { errors: { type: string; message: string }[] };
    expect(body.errors[0]?.type).toBe('PROXY_CREDENTIAL_WITHHELD');
    expect(body.errors[0]?.message).toMatch(/not a JSON object/);
    expect(seen).not.toContain(vault.issued[0]);
    expect(browser.jar.has(OWN)).toBe(false);
  });

  it.each([
    ['Content-Disposition', (sid: string) => `inline; filename="${sid}.json"`],
    ['X-VaultAPI-ExecutionId', (sid: string) => sid],
    ['Content-Type', (sid: string) => `${JSON_TYPE}; session=${sid}`],
  ])(
    'withholds a login answer whose %s holds the new session, and ends that session',
    async (name, value) => {
      const { vault, browser } = await deploy(
        (sid) =>
          new Response(loginAnswer(sid), {
            headers: { 'Content-Type': JSON_TYPE, [name]: value(sid) },
          }),
      );
      const response = await signIn(browser);
      const seen = await pageVisible(response.clone());
      expect(await failureType(response)).toBe('PROXY_CREDENTIAL_WITHHELD');
      expect(seen).not.toContain(vault.issued[0]);
      expect(browser.jar.has(OWN)).toBe(false);
      await expect.poll(() => vault.ended).toContain(vault.issued[0]);
    },
  );

  it.each([
    ['X-VaultAPI-ReferenceId', (sid: string) => sid],
    ['Retry-After', (sid: string) => sid],
    ['Cache-Control', (sid: string) => `private, tag=${sid}`],
  ])('refuses a call whose answer holds its session in %s', async (name, value) => {
    const { vault, browser } = await deploy(
      (sid) => new Response(loginAnswer(sid), { headers: { 'Content-Type': JSON_TYPE } }),
      (sid) =>
        new Response('{"responseStatus":"SUCCESS"}', {
          headers: { 'Content-Type': JSON_TYPE, [name]: value(sid) },
        }),
    );
    expect((await signIn(browser)).status).toBe(200);
    const response = await browser.send(KEEP_ALIVE, { method: 'POST' });
    const seen = await pageVisible(response.clone());
    expect(await failureType(response)).toBe('PROXY_CREDENTIAL_WITHHELD');
    expect(seen).not.toContain(vault.issued[0]);
  });

  it.each(['UTF-16LE', 'utf-16', '"UTF-32"', 'IBM037'])(
    'refuses an answer in a character set whose bytes do not spell ASCII (%s)',
    async (charset) => {
      const { vault, browser } = await deploy(
        (sid) => new Response(loginAnswer(sid), { headers: { 'Content-Type': JSON_TYPE } }),
        (sid) =>
          new Response(Buffer.from(`{"echo":"${sid}"}`, 'utf16le'), {
            headers: { 'Content-Type': `application/json; charset=${charset}` },
          }),
      );
      expect((await signIn(browser)).status).toBe(200);
      const response = await browser.send(KEEP_ALIVE, { method: 'POST' });
      const seen = await pageVisible(response.clone());
      expect(await failureType(response)).toBe('PROXY_CREDENTIAL_WITHHELD');
      expect(seen).not.toContain(vault.issued[0]);
      expect(Buffer.from(seen, 'latin1').toString('utf16le')).not.toContain(vault.issued[0]);
    },
  );

  it('never sends a session ID to a vault off the allow list that a login answer names', async () => {
    const { vault, warnings, browser } = await deploy(
      (sid) =>
        new Response(loginAnswer(sid).replace(PROMOMATS, 'vault.elsewhere.example'), {
          headers: { 'Content-Type': JSON_TYPE },
        }),
    );
    expect((await signIn(browser)).status).toBe(200);
    // Forget-me ends the session the cookie holds, at the vault it names.
    expect((await browser.send('/vault-session', { method: 'DELETE' })).status).toBe(200);
    expect(browser.jar.has(OWN)).toBe(false);
    // The proxy's try to end it is over when it says so.
    await expect
      .poll(() => warnings.join('\n'))
      .toMatch(/session at vault\.elsewhere\.example .* could not be ended/);
    expect(vault.hosts).not.toContain('vault.elsewhere.example');
  });

  it('ends the session of a login whose page went away before the vault answered', async () => {
    let answerLogin: () => void = () => undefined;
    const vaultHasIt = new Promise<void>((arrived) => {
      answerLogin = arrived;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((go) => {
      release = go;
    });
    let logins = 0;
    const { vault, browser } = await deploy(async (sid) => {
      logins += 1;
      if (logins > 1) {
        answerLogin();
        await released;
      }
      return new Response(loginAnswer(sid), { headers: { 'Content-Type': JSON_TYPE } });
    });
    // Signed in; then a second login, whose page goes away while the vault works on it.
    expect((await signIn(browser)).status).toBe(200);
    const page = new AbortController();
    const sent = signIn(browser, page.signal).catch((error: unknown) => error);
    await vaultHasIt;
    page.abort();
    // The proxy learns of the closed connection from its socket.
    await new Promise((settle) => setTimeout(settle, 200));
    release();
    await sent;
    await expect.poll(() => vault.ended).toContain(vault.issued[1]);
    // The session the browser still holds the cookie of lives on.
    expect(vault.ended).not.toContain(vault.issued[0]);
  });

  it('ends the session of a login the vault answered after the page was told it timed out', async () => {
    let logins = 0;
    const { vault, browser } = await deploy(
      async (sid) => {
        logins += 1;
        // After the first bound (500 ms), well within the second (at 1,000 ms).
        if (logins > 1) await new Promise((settle) => setTimeout(settle, 650));
        return new Response(loginAnswer(sid), { headers: { 'Content-Type': JSON_TYPE } });
      },
      undefined,
      500,
    );
    expect((await signIn(browser)).status).toBe(200);
    const held = browser.jar.get(OWN);
    const response = await signIn(browser);
    expect(response.status).toBe(504);
    expect(await failureType(response)).toBe('PROXY_UPSTREAM_TIMEOUT');
    expect(vault.issued).toHaveLength(2);
    await expect.poll(() => vault.ended, { timeout: 3_000 }).toContain(vault.issued[1]);
    // The page keeps the session it held, alive.
    expect(browser.jar.get(OWN)).toBe(held);
    expect(vault.ended).not.toContain(vault.issued[0]);
  });

  it('says so when an OAuth login answer names no vault to end its session at', async () => {
    const sid = newSessionId();
    const { warnings, browser } = await deploy(
      () => Response.json({ responseStatus: 'FAILURE' }),
      () => Response.json({ responseStatus: 'SUCCESS', sessionId: sid }),
    );
    const response = await browser.send('/auth/oauth/session/harbor', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer opaque-access-token-4f1c9e',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    const seen = await pageVisible(response.clone());
    expect(await failureType(response)).toBe('PROXY_SESSION_VAULT_UNKNOWN');
    expect(seen).not.toContain(sid);
    expect(browser.jar.has(OWN)).toBe(false);
    expect(warnings.join('\n')).toMatch(
      /named no vault, so the session it opened could not be ended/,
    );
    expect(warnings.join('\n')).not.toContain(sid);
  });

  it('inspects the bytes that come after a 205 like any others', async () => {
    const { vault, browser } = await deploy(
      (sid) => new Response(loginAnswer(sid), { headers: { 'Content-Type': JSON_TYPE } }),
      (sid) =>
        new Response(`{"echo":"${sid}"}`, {
          status: 205,
          headers: { 'Content-Type': JSON_TYPE },
        }),
    );
    expect((await signIn(browser)).status).toBe(200);
    const response = await browser.send(KEEP_ALIVE, { method: 'POST' });
    expect(await pageVisible(response)).not.toContain(vault.issued[0]);
  });
});

describe("the vault's reason phrase", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise((done) => server.close(done));
      }),
    );
  });

  it('never reaches the page from the fetch-style handler', async () => {
    const vault = standInVault(
      (sid) =>
        new Response(loginAnswer(sid), {
          statusText: `OK ${sid}`,
          headers: { 'Content-Type': JSON_TYPE },
        }),
    );
    const proxy = createVaultProxy({
      ...PROXY_OPTIONS,
      session: { secrets: [SECRET_A] },
      fetch: vault.fetch,
    });
    const response = await proxy(
      new Request(`${APP_ORIGIN}${LOGIN}`, {
        method: 'POST',
        headers: {
          Origin: APP_ORIGIN,
          'X-Vault-Kit': '1',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'username=olivia&password=x',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('');
    expect(await pageVisible(response)).not.toContain(vault.issued[0]);
  });

  it('never reaches the page from the Node adapter', async () => {
    const issued: string[] = [];
    const upstream = createServer((_req, res) => {
      const sid = newSessionId();
      issued.push(sid);
      res.statusMessage = `OK ${sid}`;
      res.writeHead(200, { 'content-type': JSON_TYPE }).end(loginAnswer(sid));
    });
    servers.push(upstream);
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const served = await serveVaultProxy(
      {
        ...PROXY_OPTIONS,
        session: { secrets: [SECRET_A] },
        upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      },
      { print: false },
    );
    try {
      const reason = await new Promise<string>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: served.port,
            path: LOGIN,
            method: 'POST',
            headers: {
              origin: APP_ORIGIN,
              'x-vault-kit': '1',
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': '26',
            },
          },
          (incoming) => {
            incoming.resume();
            incoming.on('end', () => resolve(incoming.statusMessage ?? ''));
          },
        );
        request.once('error', reject);
        request.end('username=olivia&password=x');
      });
      expect(issued).toHaveLength(1);
      expect(reason).not.toContain(issued[0]);
    } finally {
      await served.close();
    }
  });
});
