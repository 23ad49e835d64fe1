// docs/emulator.md: the emulator as a library, as the page writes it, answering as the
// service does.
import { expect, it } from 'vitest';
import { createVaultEmulator } from '../../../src/emulator/index';

it('answers each vault at its own host, and every vault at one origin', async () => {
  const emulator = createVaultEmulator(); // a fetch-style handler: (Request) => Promise<Response>
  const response = await emulator.fetch(new Request('https://promomats.sunrise.example/api'));

  // Every vault behind one origin, a session good at any of them:
  const simple = createVaultEmulator({ hosts: 'single-origin' });
  await simple.fetch(new Request('http://localhost/api'));

  expect(await response.json()).toMatchObject({ responseStatus: 'SUCCESS' });
  const single = await simple.fetch(new Request('http://localhost/api'));
  expect(await single.json()).toMatchObject({ responseStatus: 'SUCCESS' });
});
