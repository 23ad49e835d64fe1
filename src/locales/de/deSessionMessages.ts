import type { SessionMessages } from '../../components/i18n/SessionMessages';

/**
 * The German strings of `SessionTimer`, `SessionExpiryDialog` and `SignOutButton`; durations
 * are formatted for `de`. Lives outside the main entry, so that only an application that
 * imports it ships it.
 *
 * @example
 * ```tsx
 * import { deSessionMessages } from 'vault-session-kit/locales/de';
 *
 * <SessionTimer messages={deSessionMessages} />
 * ```
 */
export const deSessionMessages: SessionMessages = {
  locale: 'de',

  signOut: 'Abmelden',
  signOutOfVault: 'Auch vom Vault abmelden',
  signingOut: 'Wird abgemeldet …',

  timerIdle: ({ time }) => `Abmeldung bei Inaktivität in ${time}`,
  timerCap: ({ time }) => `Sitzung endet in ${time}`,
  timerIdleAnnouncement: ({ time }) => `Sie werden in ${time} wegen Inaktivität abgemeldet.`,
  timerCapAnnouncement: ({ time }) =>
    `Ihre Sitzung endet in ${time} und kann nicht verlängert werden.`,

  idleTitle: 'Sind Sie noch da?',
  idleBody: ({ time }) =>
    `Zu Ihrer Sicherheit werden Sie in ${time} abgemeldet, weil keine Aktivität erkannt wurde. Möchten Sie angemeldet bleiben?`,
  staySignedIn: 'Angemeldet bleiben',
  extending: 'Sitzung wird verlängert …',
  extendFailed:
    'Der Server ist gerade nicht erreichbar. Ihre Sitzung läuft weiter; bitte versuchen Sie es erneut.',
  idleAnnouncement: ({ time }) => `Sie werden in ${time} abgemeldet.`,

  unreliableTitle: 'Die Verbindung ist instabil',
  unreliableBody:
    'Der Vault-Dienst ist nicht erreichbar, um Ihre Sitzung aktiv zu halten. Sie bleiben angemeldet und nichts geht verloren; die Verbindung wird im Hintergrund erneut versucht.',
  retryConnection: 'Jetzt erneut versuchen',
  retryingConnection: 'Wird versucht …',

  capTitle: 'Ihre Sitzung endet bald',
  capBody: ({ time, limit }) =>
    `Eine Sitzung dauert höchstens ${limit} und lässt sich nicht verlängern. Ihre endet in ${time}. Sichern Sie Ihre Arbeit; danach müssen Sie sich erneut anmelden.`,
  continueSession: 'Bis dahin weiterarbeiten',
  signOutNow: 'Jetzt abmelden',
  capAnnouncement: ({ time }) => `Ihre Sitzung endet in ${time}.`,

  capRenewBody: ({ time, limit }) =>
    `Eine Sitzung dauert höchstens ${limit}. Ihre endet in ${time}, aber die Anmeldung Ihrer Organisation kann ohne Formular eine neue beginnen: Wählen Sie „Angemeldet bleiben“, dann bleiben Sie, wo Sie sind, und behalten alles, was Sie eingegeben haben.`,
  renewing: 'Sie werden erneut angemeldet …',
  capRenewFailedBody: ({ time }) =>
    `Die Anmeldung Ihrer Organisation hat keine neue Sitzung erlaubt. Ihre Sitzung endet in ${time}. Sichern Sie Ihre Arbeit; danach müssen Sie sich erneut anmelden.`,

  expiredTitle: 'Ihre Sitzung ist abgelaufen',
  expiredBody: ({ limit }) =>
    `Aus Sicherheitsgründen endet jede Sitzung nach ${limit}. Melden Sie sich erneut an, um weiterzuarbeiten.`,
  invalidTitle: 'Ihre Sitzung wurde beendet',
  invalidBody:
    'Der Server akzeptiert Ihre Sitzung nicht mehr, etwa nach längerer Inaktivität oder nach einer Abmeldung an anderer Stelle. Melden Sie sich erneut an, um weiterzuarbeiten.',
  vaultEndedTitle: 'Ihr Vault hat Ihre Sitzung beendet',
  vaultEndedBody:
    'Der Vault, in dem diese App geöffnet ist, hat Ihre Sitzung beendet, etwa 48 Stunden nach Ihrer Anmeldung dort oder nach einer Abmeldung dort. Laden Sie die Vault-Seite neu oder melden Sie sich erneut an, um weiterzuarbeiten.',
  idleEndedTitle: 'Sie wurden abgemeldet',
  idleEndedBody:
    'Sie wurden automatisch abgemeldet, weil längere Zeit keine Aktivität erkannt wurde. Melden Sie sich erneut an, um weiterzuarbeiten.',
  renewalRefusedBody:
    'Ihre Sitzung hat ihre Höchstdauer erreicht, und die Anmeldung Ihrer Organisation hat keine neue ohne erneute Anmeldung erlaubt. Melden Sie sich erneut an, um weiterzuarbeiten.',
  renewalSignedOutBody:
    'Ihre Sitzung hat ihre Höchstdauer erreicht, und Sie sind bei Ihrer Organisation nicht mehr angemeldet, daher konnte keine neue Sitzung für Sie gestartet werden. Melden Sie sich erneut an, um weiterzuarbeiten.',
  renewalConsentBody:
    'Ihre Sitzung hat ihre Höchstdauer erreicht, und Ihre Organisation erlaubt dieser Anwendung nicht mehr, Sie anzumelden, daher konnte keine neue Sitzung für Sie gestartet werden. Melden Sie sich erneut an, um weiterzuarbeiten.',
  signInAgain: 'Erneut anmelden',
};
