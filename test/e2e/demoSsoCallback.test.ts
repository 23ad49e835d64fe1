// The words the demo's page paints before its modules load, back at an in-page single
// sign-on callback, are the kit's own. (The demo runs in BFF mode, where the proxy completes
// single sign-on before the page loads: demoSsoBff.test.ts follows sam through it.)
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arMessages } from '../../src/locales/ar';
import { deMessages } from '../../src/locales/de';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { esMessages } from '../../src/locales/es';
import { frMessages } from '../../src/locales/fr';
import { jaMessages } from '../../src/locales/ja';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');

describe('the single sign-on callback of the demo', () => {
  it("paints the kit's own words in every language", async () => {
    const html = await readFile(resolve(DEMO_ROOT, 'index.html'), 'utf8');
    const painted = Object.fromEntries(
      [...html.matchAll(/^\s+(\w\w): '([^']+)',$/gm)].map(([, tag, text]) => [tag, text]),
    );
    expect(painted).toEqual({
      en: enLoginMessages.ssoCompleting,
      de: deMessages.login.ssoCompleting,
      fr: frMessages.login.ssoCompleting,
      es: esMessages.login.ssoCompleting,
      ja: jaMessages.login.ssoCompleting,
      ar: arMessages.login.ssoCompleting,
    });
  });
});
