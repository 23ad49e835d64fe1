// docs/deploying-the-proxy.md: the proxy in BFF mode and the client that names its routes,
// as the page writes them: the proxy answers its session route and refuses a browser's
// call from another origin before anything reaches a vault.
import { expect, it, vi } from 'vitest';
import { createVaultClient } from '../../../src/core/index';
import { createVaultProxy } from '../../../src/proxy/index';

it('serves the session route in BFF mode and refuses other origins', async () => {
  vi.stubEnv('VAULT_SESSION_SECRET', 'a-secret-of-at-least-32-characters-from-the-store');
  const upstream = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', upstream);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

  const proxy = createVaultProxy({
    loginHost: 'login.veevavault.com', // /auth/* goes here (discovery, OAuth sessions)
    allowHosts: ['*.veevavault.com'], // /vault/{dns}/api/* may reach only these vaults
    allowedOrigins: ['https://app.example.com'], // the app's own origin, exactly
    // BFF mode: the session ID stays here, sealed into an HttpOnly cookie. Secrets of at
    // least 32 characters from your secret store; the first seals, all open (rotation).
    session: { secrets: [process.env.VAULT_SESSION_SECRET ?? ''] },
  });

  const client = createVaultClient({
    authUrl: '',
    vaultUrl: '/vault/{dns}',
    vaultDns: 'promomats.veevavault.com',
    credentials: 'proxy',
  });

  expect(client.config.credentials).toBe('proxy');
  const who = await proxy(new Request('https://app.example.com/vault-session'));
  expect(who.status).toBe(200);
  const refused = await proxy(
    new Request('https://app.example.com/vault/promomats.veevavault.com/api/v26.1/auth', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'X-Vault-Kit': '1' },
    }),
  );
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ errors: [{ type: 'PROXY_ORIGIN_REFUSED' }] });
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://evil.example'));
  expect(upstream).not.toHaveBeenCalled();
});
