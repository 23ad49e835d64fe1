// The words the demo's page paints before its modules load, back from a single sign-on that
// the proxy completed (BFF mode, the demo's: the page joins the session), are the kit's own.
// demoSsoBff.test.ts follows sam through it.
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

describe('the demo back from single sign-on', () => {
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
