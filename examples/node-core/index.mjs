// A headless Node client of the vault: sign in, keep the session alive, list the
// delegations, sign out; no React installed. VAULT_URL is the kit's proxy layout, such as
// `npx vault-session-kit dev` (http://127.0.0.1:8787) or your deployed proxy.
import { createVaultClient, loginWithDiscovery } from 'vault-session-kit/core';

const base = process.env.VAULT_URL ?? 'http://127.0.0.1:8787';
const client = createVaultClient({
  // Through the kit's proxy here. A server needs none (CORS binds browsers only) and may
  // call the service directly: authUrl 'https://login.veevavault.com' (the login host:
  // discovery, OAuth) and vaultUrl 'https://{dns}' (any vault by its host).
  authUrl: base, // the proxy's /auth/*
  vaultUrl: `${base}/vault/{dns}`, // the proxy's route to each vault
  vaultDns: process.env.VAULT_DNS ?? 'promomats.sunrise.example', // the vault to sign in to
});
const { result } = await loginWithDiscovery(client, {
  username: process.env.VAULT_USER ?? 'olivia@sunrise.example',
  password: process.env.VAULT_PASSWORD ?? 'Sunrise-Demo-1',
});
// A session belongs to one vault. With `vaultDns` set, a login that the service put in
// another vault (auth defaulting) is refused and that session ended (`validateDns`,
// default true; the error's `actual` says where the account is); with
// `validateDns: false`, or with no vault named, the session is
// accepted wherever it landed, and calls made with it go there.
const at = { vaultDns: result.vault?.dns };
await client.keepAlive(result.session, at);
const delegations = await client.getDelegations(result.session, at);
await client.endSession(result.session, at);
console.log(JSON.stringify({ vault: result.vault?.dns, delegations: delegations.length }));
