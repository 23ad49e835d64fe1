import { describe, expect, it } from 'vitest';
import { enDelegationMessages } from '../../src/components/i18n/delegationMessages';
import { enMessages } from '../../src/components/i18n/enMessages';
import { enLoginMessages } from '../../src/components/i18n/loginMessages';
import { mergeMessages } from '../../src/components/i18n/mergeMessages';
import { enSessionMessages } from '../../src/components/i18n/sessionMessages';
import {
  deDelegationMessages,
  deLoginMessages,
  deMessages,
  deSessionMessages,
} from '../../src/locales/de';

// Every named value any message function takes, so each one renders to its full text.
const SAMPLE = {
  seconds: 2,
  label: 'Harbor SSO',
  vault: 'Harbor Clinical',
  time: '4 min',
  limit: '48 hours',
  shown: 3,
  total: 12,
  userId: '42',
  delegator: 'Marcus Reed',
  user: 'Olivia Hart',
};

function text(value: unknown): unknown {
  return typeof value === 'function' ? (value as (values: typeof SAMPLE) => string)(SAMPLE) : value;
}

/** Strings that are the same word in both languages. */
const SAME_IN_BOTH: readonly string[] = ['vaultLabel'];

describe.each([
  ['login', enLoginMessages, deLoginMessages],
  ['session', enSessionMessages, deSessionMessages],
  ['delegation', enDelegationMessages, deDelegationMessages],
] as const)('the German %s catalogue', (_area, english, german) => {
  it('has exactly the keys of the English one', () => {
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
  });

  it('translates every string (no English left behind)', () => {
    const translations = new Map<string, unknown>(Object.entries(german));
    for (const [key, value] of Object.entries(english)) {
      const translated = text(translations.get(key));
      expect(typeof translated === 'string' && translated.length > 0, key).toBe(true);
      if (!SAME_IN_BOTH.includes(key)) expect(translated, key).not.toBe(text(value));
    }
  });
});

describe('the complete catalogues', () => {
  it('deMessages holds the three German areas', () => {
    expect(deMessages).toEqual({
      login: deLoginMessages,
      session: deSessionMessages,
      delegation: deDelegationMessages,
    });
  });

  it('enMessages holds the three English areas', () => {
    expect(enMessages).toEqual({
      login: enLoginMessages,
      session: enSessionMessages,
      delegation: enDelegationMessages,
    });
  });

  it('formats German durations for German', () => {
    expect(deSessionMessages.locale).toBe('de');
  });
});

describe('mergeMessages', () => {
  it('replaces single strings and keeps the rest of a complete locale', () => {
    const merged = mergeMessages(deMessages, { login: { continue: 'Los' } });
    expect(merged.login.continue).toBe('Los');
    expect(merged.login.title).toBe(deLoginMessages.title);
    expect(merged.session).toBe(deSessionMessages);
  });

  it('merges partial sets into the areas either names, later strings winning', () => {
    const merged = mergeMessages(
      { login: { continue: 'Outer', title: 'Outer title' } },
      { login: { continue: 'Inner' }, session: { signOut: 'Leave' } },
    );
    expect(merged).toEqual({
      login: { continue: 'Inner', title: 'Outer title' },
      session: { signOut: 'Leave' },
    });
    expect('delegation' in merged).toBe(false);
  });
});
