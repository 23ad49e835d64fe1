import { describe, expect, it } from 'vitest';
import { mergeMessages } from '../../src/components/i18n/mergeMessages';
import type { VaultMessages } from '../../src/components/i18n/VaultMessages';
import {
  arAccountMessages,
  arDelegationMessages,
  arLoginMessages,
  arMessages,
  arSessionMessages,
} from '../../src/locales/ar';
import {
  deAccountMessages,
  deDelegationMessages,
  deLoginMessages,
  deMessages,
  deSessionMessages,
} from '../../src/locales/de';
import { enAccountMessages } from '../../src/locales/en/enAccountMessages';
import { enDelegationMessages } from '../../src/locales/en/enDelegationMessages';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { enMessages } from '../../src/locales/en/enMessages';
import { enSessionMessages } from '../../src/locales/en/enSessionMessages';
import {
  esAccountMessages,
  esDelegationMessages,
  esLoginMessages,
  esMessages,
  esSessionMessages,
} from '../../src/locales/es';
import {
  frAccountMessages,
  frDelegationMessages,
  frLoginMessages,
  frMessages,
  frSessionMessages,
} from '../../src/locales/fr';
import {
  jaAccountMessages,
  jaDelegationMessages,
  jaLoginMessages,
  jaMessages,
  jaSessionMessages,
} from '../../src/locales/ja';

// Every named value any message function takes, so each one renders to its full text.
// Counts are 5: a number every language writes out (Arabic spells out 1 and 2 as words).
const SAMPLE = {
  seconds: 5,
  label: 'Harbor SSO',
  vault: 'Harbor Clinical',
  time: '4 min',
  limit: '48 hours',
  shown: 3,
  total: 12,
  userId: '42',
  delegator: 'Marcus Reed',
  user: 'Olivia Hart',
  current: 'Sunrise PromoMats',
};

type MessageFunction = (values: typeof SAMPLE) => string;

function text(value: unknown, values = SAMPLE): unknown {
  return typeof value === 'function' ? (value as MessageFunction)(values) : value;
}

/** Strings that may read the same as the English: the product's name. */
const SAME_AS_ENGLISH: readonly string[] = ['vaultLabel'];

interface Locale {
  readonly tag: string;
  readonly all: VaultMessages;
  readonly areas: VaultMessages;
}

const LOCALES: readonly Locale[] = [
  {
    tag: 'de',
    all: deMessages,
    areas: {
      login: deLoginMessages,
      session: deSessionMessages,
      delegation: deDelegationMessages,
      account: deAccountMessages,
    },
  },
  {
    tag: 'fr',
    all: frMessages,
    areas: {
      login: frLoginMessages,
      session: frSessionMessages,
      delegation: frDelegationMessages,
      account: frAccountMessages,
    },
  },
  {
    tag: 'es',
    all: esMessages,
    areas: {
      login: esLoginMessages,
      session: esSessionMessages,
      delegation: esDelegationMessages,
      account: esAccountMessages,
    },
  },
  {
    tag: 'ja',
    all: jaMessages,
    areas: {
      login: jaLoginMessages,
      session: jaSessionMessages,
      delegation: jaDelegationMessages,
      account: jaAccountMessages,
    },
  },
  {
    tag: 'ar',
    all: arMessages,
    areas: {
      login: arLoginMessages,
      session: arSessionMessages,
      delegation: arDelegationMessages,
      account: arAccountMessages,
    },
  },
];

const AREAS = ['login', 'session', 'delegation', 'account'] as const;

describe.each(
  LOCALES.flatMap((locale) => AREAS.map((area) => [locale.tag, area, locale] as const)),
)('the %s %s catalogue', (_tag, area, locale) => {
  const english: object = enMessages[area];
  const translated: object = locale.areas[area];

  it('has exactly the keys of the English one', () => {
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
  });

  it('translates every string (no English left behind)', () => {
    const translations = new Map<string, unknown>(Object.entries(translated));
    for (const [key, value] of Object.entries(english)) {
      const result = text(translations.get(key));
      expect(typeof result === 'string' && result.length > 0, key).toBe(true);
      if (!SAME_AS_ENGLISH.includes(key)) expect(result, key).not.toBe(text(value));
    }
  });

  it('fills in every value the English message shows, and only where English takes one', () => {
    const translations = new Map<string, unknown>(Object.entries(translated));
    for (const [key, value] of Object.entries(english)) {
      const translation = translations.get(key);
      expect(typeof translation, key).toBe(typeof value);
      if (typeof value !== 'function') continue;
      const shownInEnglish = Object.values(SAMPLE)
        .map(String)
        .filter((sample) => (text(value) as string).includes(sample));
      for (const sample of shownInEnglish) expect(text(translation), key).toContain(sample);
    }
  });
});

describe.each(LOCALES)('the complete $tag catalogue', ({ tag, all, areas }) => {
  it('holds every area', () => {
    expect(all).toEqual(areas);
  });

  it('formats durations in its own language', () => {
    expect(all.session.locale).toBe(tag);
  });
});

describe('the English catalogue', () => {
  it('enMessages holds every English area', () => {
    expect(enMessages).toEqual({
      login: enLoginMessages,
      session: enSessionMessages,
      delegation: enDelegationMessages,
      account: enAccountMessages,
    });
  });
});

describe("counts take each language's plural forms", () => {
  const wait = (messages: VaultMessages, seconds: number) =>
    messages.login.retryCountdown({ seconds });

  it('French puts 0 and 1 in the singular', () => {
    expect(wait(frMessages, 0)).toBe('Vous pourrez réessayer dans 0 seconde.');
    expect(wait(frMessages, 1)).toBe('Vous pourrez réessayer dans 1 seconde.');
    expect(wait(frMessages, 2)).toBe('Vous pourrez réessayer dans 2 secondes.');
    expect(frMessages.delegation.filterResults({ shown: 1, total: 12 })).toBe('1 sur 12 affiché');
    expect(frMessages.delegation.filterResults({ shown: 2, total: 12 })).toBe('2 sur 12 affichés');
  });

  it('Spanish has one singular, 1', () => {
    expect(wait(esMessages, 1)).toBe('Podrá volver a intentarlo dentro de 1 segundo.');
    expect(wait(esMessages, 0)).toBe('Podrá volver a intentarlo dentro de 0 segundos.');
    expect(wait(esMessages, 30)).toBe('Podrá volver a intentarlo dentro de 30 segundos.');
  });

  it('Japanese has a single form', () => {
    expect(wait(jaMessages, 1)).toBe('1 秒後にもう一度お試しいただけます。');
    expect(wait(jaMessages, 30)).toBe('30 秒後にもう一度お試しいただけます。');
  });

  it('Arabic has the zero, one, two, few, many and other forms', () => {
    const prefix = 'يمكنك المحاولة مرة أخرى بعد ';
    expect(wait(arMessages, 0)).toBe(`${prefix}0 ثانية.`);
    expect(wait(arMessages, 1)).toBe(`${prefix}ثانية واحدة.`);
    expect(wait(arMessages, 2)).toBe(`${prefix}ثانيتين.`);
    expect(wait(arMessages, 3)).toBe(`${prefix}3 ثوانٍ.`);
    expect(wait(arMessages, 10)).toBe(`${prefix}10 ثوانٍ.`);
    expect(wait(arMessages, 11)).toBe(`${prefix}11 ثانية.`);
    expect(wait(arMessages, 60)).toBe(`${prefix}60 ثانية.`);
    expect(wait(arMessages, 100)).toBe(`${prefix}100 ثانية.`);
  });
});

describe('Arabic keeps left-to-right values in order', () => {
  it('isolates names and vaults from the right-to-left text around them', () => {
    expect(
      arMessages.delegation.actAsLabel({ delegator: 'Marcus Reed', vault: 'Sunrise QualityDocs' }),
    ).toBe('التصرف نيابةً عن \u2068Marcus Reed\u2069 في \u2068Sunrise QualityDocs\u2069');
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
