import type { LoginMessages } from '../../components/i18n/LoginMessages';

/**
 * The German strings of `LoginForm`. Lives outside the main entry, so that only an
 * application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { deLoginMessages } from 'vault-session-kit/locales/de';
 *
 * <VaultMessagesProvider messages={{ login: deLoginMessages }}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const deLoginMessages: LoginMessages = {
  title: 'Anmelden',
  usernameLabel: 'Benutzername',
  usernameHint: 'Meist Ihre geschäftliche E-Mail-Adresse.',
  continue: 'Weiter',
  passwordHeading: 'Passwort eingeben',
  signingInAs: 'Anmeldung als',
  notYou: 'Nicht Sie?',
  passwordLabel: 'Passwort',
  showPassword: 'Passwort anzeigen',
  hidePassword: 'Passwort verbergen',
  vaultLabel: 'Vault',
  signIn: 'Anmelden',
  ssoHeading: 'Mit Ihrer Organisation anmelden',
  ssoIntro:
    'Ihre Organisation meldet Sie an. Sie gelangen zu deren Anmeldeseite und danach hierher zurück.',
  ssoContinueWith: ({ label }) => `Weiter mit ${label}`,
  ssoPortalOnly:
    'Ihre Organisation meldet Sie über ihr eigenes Portal an. Öffnen Sie Vault über das Portal oder den App-Launcher Ihrer Organisation.',
  ssoRedirecting: 'Sie werden zur Anmeldeseite Ihrer Organisation weitergeleitet …',
  ssoCompleting: 'Anmeldung wird abgeschlossen …',
  signedInHeading: 'Angemeldet',
  signedInAs: 'Sie sind angemeldet als',
  usernameRequired: 'Geben Sie Ihren Benutzernamen ein.',
  passwordRequired: 'Geben Sie Ihr Passwort ein.',
  incorrectCredentials: 'Benutzername oder Passwort ist falsch.',
  lockoutWarning:
    'Benutzername oder Passwort ist falsch. Weitere falsche Passwörter hintereinander sperren das Konto für eine Weile.',
  lockedOut:
    'Dieses Konto ist gesperrt. Versuchen Sie es später erneut, oder bitten Sie Ihre Vault-Administration, es zu entsperren.',
  passwordChangeRequired:
    'Ihr Passwort ist abgelaufen. Ändern Sie es in der Weboberfläche von Vault und melden Sie sich dann hier mit dem neuen Passwort an.',
  changePassword: 'Passwort ändern',
  resetPassword: 'Passwort vergessen? Zurücksetzen',
  inactiveUser:
    'Dieses Konto ist inaktiv. Bitten Sie Ihre Vault-Administration, es wieder zu aktivieren.',
  rateLimited: ({ seconds }) =>
    `Zu viele Anmeldeversuche. Warten Sie ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} und versuchen Sie es dann erneut.`,
  retryCountdown: ({ seconds }) =>
    `Sie können es in ${seconds} ${seconds === 1 ? 'Sekunde' : 'Sekunden'} erneut versuchen.`,
  retryReady: 'Sie können es jetzt erneut versuchen.',
  networkError:
    'Vault ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  timeout: 'Vault hat zu lange nicht geantwortet. Versuchen Sie es erneut.',
  serviceUnavailable:
    'Vault antwortet gerade nicht richtig. Versuchen Sie es in einem Moment erneut.',
  setupError:
    'Die Anmeldung ist für diese Website nicht richtig eingerichtet. Wenden Sie sich an die Administration der Website.',
  unexpectedError: 'Bei der Anmeldung ist etwas schiefgegangen. Versuchen Sie es erneut.',
  tryAgain: 'Erneut versuchen',
  vaultNoAccess: ({ vault }) =>
    `Sie haben keinen Zugriff auf ${vault}. Wählen Sie eine andere Vault-Instanz oder bitten Sie Ihre Vault-Administration um Zugriff.`,
  vaultElsewhere: ({ vault, actual }) =>
    `Sie haben keinen Zugriff auf ${vault}. Ihr Konto ist in ${actual}.`,
  ssoCancelled:
    'Die Anmeldung über Ihre Organisation wurde abgebrochen. Versuchen Sie es erneut, sobald Sie bereit sind.',
  ssoRestart:
    'Diese Anmeldung ist abgelaufen oder wurde in einem anderen Fenster begonnen. Beginnen Sie von vorn.',
  ssoVaultElsewhere:
    'Ihre Organisation hat Sie angemeldet, aber nicht bei der Vault-Instanz, die diese Website verwendet: Sie haben keinen Zugriff darauf. Bitten Sie Ihre Vault-Administration um Zugriff.',
  ssoFailed:
    'Die Anmeldung über Ihre Organisation konnte nicht abgeschlossen werden. Versuchen Sie es erneut oder wenden Sie sich an Ihre Administration, falls das Problem bleibt.',
  sessionExpired:
    'Ihre Sitzung wurde nach 48 Stunden beendet, der längsten möglichen Dauer. Melden Sie sich erneut an, um fortzufahren.',
  sessionInvalid: 'Ihre Sitzung wurde beendet. Melden Sie sich erneut an, um fortzufahren.',
  vaultEnded:
    'Der Vault, in dem diese App geöffnet ist, hat Ihre Sitzung beendet. Laden Sie die Vault-Seite neu oder melden Sie sich erneut an, um fortzufahren.',
  webTabConnecting: 'Verbindung zu Ihrem Vault wird hergestellt …',
  webTabNoSession:
    'Die Vault-Instanz hat Ihre Sitzung nicht übergeben. Melden Sie sich an, um fortzufahren.',
  webTabSessionRefused:
    'Die Sitzung der Vault-Instanz kann hier nicht verwendet werden; sie ist möglicherweise beendet. Melden Sie sich an, um fortzufahren.',
  signedOut: 'Sie haben sich abgemeldet.',
  signedOutInactive:
    'Sie wurden nach längerer Inaktivität abgemeldet. Melden Sie sich an, um fortzufahren.',
  signedOutElsewhere: 'Sie wurden in einem anderen Fenster abgemeldet.',
};
