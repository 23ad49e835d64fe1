import type { DelegationMessages } from '../../components/i18n/DelegationMessages';

/**
 * The German strings of `DelegationPicker` and `ActingAsBanner`. Lives outside the main
 * entry, so that only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { deDelegationMessages } from 'vault-session-kit/locales/de';
 *
 * <ActingAsBanner messages={deDelegationMessages} />
 * ```
 */
export const deDelegationMessages: DelegationMessages = {
  heading: 'Vertretungen',
  description:
    'Arbeiten Sie im Namen einer Kollegin oder eines Kollegen, die Ihnen eine Vertretung erteilt haben. Ihre Aktionen werden unter beiden Namen protokolliert.',
  loading: 'Ihre Vertretungen werden geladen …',
  loadFailed: 'Ihre Vertretungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  empty: 'Sie haben keine Vertretungen.',
  emptyHint: 'Sobald Ihnen jemand eine Vertretung für einen Vault erteilt, erscheint sie hier.',

  filterLabel: 'Nach Vault oder Person filtern',
  filterHint:
    'Geben Sie einen Teil eines Personennamens, eines Vault-Namens oder seiner Adresse ein.',
  filterResults: ({ shown, total }) => `${shown} von ${total} angezeigt`,
  noMatches: 'Keine Vertretung passt zu diesem Filter.',
  clearFilter: 'Filter löschen',

  addressLabel: 'Adresse',
  delegatorLabel: 'Im Namen von',
  delegatorFallback: ({ userId }) => `Benutzer-ID ${userId}`,

  actAs: 'Vertreten',
  actAsLabel: ({ delegator, vault }) => `Vertreten: ${delegator} in ${vault}`,
  current: 'Aktiv',
  starting: ({ delegator, vault }) => `Vertretung von ${delegator} in ${vault} wird gestartet …`,
  started: ({ delegator, vault }) => `Sie handeln jetzt im Namen von ${delegator} in ${vault}.`,
  startFailed: ({ delegator, vault }) =>
    `Die Vertretung von ${delegator} in ${vault} konnte nicht gestartet werden.`,
  startDenied: 'Sie haben keine Vertretung mehr für diese Person in diesem Vault.',
  startUnavailable:
    'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',

  bannerLabel: 'Vertretungssitzung',
  actingAs: ({ delegator, vault, user }) =>
    `Im Namen von ${delegator} in ${vault} – Sie sind ${user}`,
  stopActing: 'Vertretung beenden',
  stopping: 'Wird beendet …',
  stopFailed: ({ delegator }) =>
    `Der Vault war nicht erreichbar: Sie handeln weiterhin im Namen von ${delegator}. Versuchen Sie es erneut.`,
  stopped: ({ delegator, user }) =>
    `Die Vertretung von ${delegator} ist beendet. Sie arbeiten wieder in Ihrer eigenen Sitzung als ${user}.`,
  landedVault: ({ vault, asked }) =>
    `Sie sind in ${vault}: Ihr Konto hat keinen Zugriff auf ${asked}.`,
};
