// The emulator's stand-in for a vault's custom web tab, at a vault's own host over loopback:
// it frames the app and holds a fresh session of the demo user for the app's `ready`, for
// that vault only; anyone else gets a page that says why, and no session.
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import { createVaultEmulator, type VaultEmulator } from '../../src/emulator';
import { createLoopbackUpstream } from '../../src/proxy-node/createLoopbackUpstream';
import { DEMO } from './startEmulator';

const servers: ServedFetch[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function vaultHosts(): Promise<{
  emulator: VaultEmulator;
  get(url: string): Promise<Response>;
}> {
  const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
  const served = await serveFetch(emulator.fetch);
  servers.push(served);
  const loopback = createLoopbackUpstream(served.port);
  return { emulator, get: (url) => loopback(new Request(url)) };
}

const APP = encodeURIComponent('https://app.sunrise.example/');

describe("a vault's web tab in the emulator", () => {
  it("frames the app and holds a fresh session of the user, for the app's origin alone", async () => {
    const { emulator, get } = await vaultHosts();
    const page = await get(
      `https://promomats.sunrise.example/ui/web-tab?user=${DEMO.olivia[0]}&app=${APP}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="https://app.sunrise.example/"');
    expect(html).toContain('data-app-origin="https://app.sunrise.example"');
    expect(html).toContain('<script src="web-tab.js"></script>');
    const handOff = JSON.parse(
      (/data-hand-off="([^"]+)"/.exec(html)?.[1] ?? '').replaceAll('&#34;', '"'),
    ) as { message_id: string; data: { session_id: string; vault_dns: string } };
    expect(handOff).toMatchObject({
      message_id: 'session_id',
      data: { vault_dns: 'promomats.sunrise.example' },
    });
    expect(emulator.sessions()).toMatchObject([{ userId: 61001, vaultId: 1001 }]);
    const script = await get('https://promomats.sunrise.example/ui/web-tab.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('postMessage(handOff, appOrigin)');
  });

  it.each([
    ['a user of no such name', `user=nobody@sunrise.example&app=${APP}`, 404],
    ['a user of another vault', `user=sam@harbor.example&app=${APP}`, 404],
    ['no app to frame', `user=${DEMO.olivia[0]}`, 400],
  ])('gives %s a page that says why, and no session', async (_name, query, status) => {
    const { emulator, get } = await vaultHosts();
    const page = await get(`https://promomats.sunrise.example/ui/web-tab?${query}`);
    expect(page.status).toBe(status);
    expect(await page.text()).toContain('role="alert"');
    expect(emulator.sessions()).toEqual([]);
  });
});
