// Which messages a page in a vault's web tab takes as the vault's hand-off: only from its
// parent, only from an accepted vault's https origin (or, in development, its own), only in
// the service's shape, with a session ID that can be sent. A property over arbitrary
// messages and origins: nothing else is ever taken.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readVaultHandOff } from '../../../src/core/webTab/readVaultHandOff';
import { scrubUrlSession } from '../../../src/core/webTab/scrubUrlSession';

const PARENT = { name: 'parent window' };
const VAULTS = ['promomats.sunrise.example'];
const SID = 'F3A9C2D1E0B7A6958473625140392817';
const HAND_OFF = { message_id: 'session_id', data: { session_id: SID } };
const OWN = 'http://127.0.0.1:5173';

function event(data: unknown, origin: string, source: unknown = PARENT) {
  return { data, origin, source } as Pick<MessageEvent, 'data' | 'origin' | 'source'>;
}

describe('readVaultHandOff', () => {
  it("takes the service's answer from an accepted vault's https origin", () => {
    expect(
      readVaultHandOff(event(HAND_OFF, 'https://promomats.sunrise.example'), PARENT, VAULTS, OWN),
    ).toEqual({ session: SID, dns: 'promomats.sunrise.example' });
  });

  it.each([
    ['another origin', event(HAND_OFF, 'https://evil.example')],
    ['the vault over http', event(HAND_OFF, 'http://promomats.sunrise.example')],
    ['the vault on another port', event(HAND_OFF, 'https://promomats.sunrise.example:8443')],
    ['a window other than the parent', event(HAND_OFF, 'https://promomats.sunrise.example', {})],
    [
      'another message',
      event({ message_id: 'ready', data: {} }, 'https://promomats.sunrise.example'),
    ],
    [
      'a malformed session ID',
      event(
        { message_id: 'session_id', data: { session_id: 'a b\r\nX: 1' } },
        'https://promomats.sunrise.example',
      ),
    ],
    ['a string', event(JSON.stringify(HAND_OFF), 'https://promomats.sunrise.example')],
  ])('ignores %s, and says why', (_name, message) => {
    const read = readVaultHandOff(message, PARENT, VAULTS, OWN);
    expect(read).toEqual({ ignored: expect.any(String) });
  });

  it("takes the page's own origin only when development names it, and only for an accepted vault", () => {
    const named = {
      message_id: 'session_id',
      data: { session_id: SID, vault_dns: 'promomats.sunrise.example' },
    };
    expect(readVaultHandOff(event(named, OWN), PARENT, VAULTS, OWN)).toEqual({
      session: SID,
      dns: 'promomats.sunrise.example',
    });
    expect(readVaultHandOff(event(named, OWN), PARENT, VAULTS, undefined)).toHaveProperty(
      'ignored',
    );
    const elsewhere = { ...named, data: { session_id: SID, vault_dns: 'vault.evil.example' } };
    expect(readVaultHandOff(event(elsewhere, OWN), PARENT, VAULTS, OWN)).toHaveProperty('ignored');
  });

  it('never takes a message from an origin that is not an accepted vault', () => {
    fc.assert(
      fc.property(fc.anything(), fc.webUrl(), (data, url) => {
        const origin = new URL(url).origin;
        fc.pre(origin !== 'https://promomats.sunrise.example');
        const shaped = { message_id: 'session_id', data: { session_id: SID } };
        for (const message of [data, shaped]) {
          expect(
            readVaultHandOff(event(message, origin), PARENT, VAULTS, undefined),
          ).toHaveProperty('ignored');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('scrubUrlSession', () => {
  it('takes a session ID out of the address, keeping the rest', () => {
    expect(scrubUrlSession(`https://app.example/docs?tab=2&session_id=${SID}#top`)).toBe(
      'https://app.example/docs?tab=2#top',
    );
    expect(scrubUrlSession(`https://app.example/?SessionId=${SID}&sid=${SID}`)).toBe(
      'https://app.example/',
    );
  });

  it('leaves an address without one alone', () => {
    expect(scrubUrlSession('https://app.example/docs?tab=2')).toBeUndefined();
  });
});
