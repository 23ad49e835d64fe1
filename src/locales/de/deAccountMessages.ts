import type { AccountMessages } from '../../components/i18n/AccountMessages';

/**
 * Die deutschen Texte des Vault-Wechsels und der gemerkten Benutzernamen. Liegt außerhalb
 * des Haupteinstiegs, so dass nur eine Anwendung, die ihn importiert, ihn ausliefert.
 *
 * @example
 * ```tsx
 * import { deAccountMessages } from 'vault-session-kit/locales/de';
 *
 * <VaultSwitcher messages={deAccountMessages} />
 * ```
 */
export const deAccountMessages: AccountMessages = {
  toggleLabel: ({ vault }) => `${vault}, Ihr Vault: Vault wechseln`,
  switchVault: 'Vault wechseln',
  currentVault: 'Aktueller Vault',
  switchToLabel: ({ vault }) => `${vault}: zu diesem Vault wechseln`,
  actingNotice: 'Ein Wechsel des Vaults beendet zuerst das Handeln im Namen einer anderen Person.',
  passwordHeading: ({ vault }) => `Zu ${vault} wechseln`,
  passwordIntro: ({ vault, user }) =>
    `Geben Sie das Passwort von ${user} ein, um ${vault} zu öffnen.`,
  usernameLabel: 'Benutzername',
  passwordLabel: 'Passwort',
  showPassword: 'Passwort anzeigen',
  hidePassword: 'Passwort verbergen',
  submit: 'Vault wechseln',
  cancel: ({ current }) => `In ${current} bleiben`,
  switching: ({ vault }) => `${vault} wird geöffnet …`,
  redirecting: ({ vault }) =>
    `Sie werden zu Ihrem Anmeldedienst weitergeleitet, um ${vault} zu öffnen …`,
  switched: ({ vault }) => `Sie sind jetzt in ${vault}.`,
  stayed: ({ current }) => `Sie sind weiterhin in ${current}.`,
  passwordRequired: 'Geben Sie Ihr Passwort ein.',
  wrongPassword: ({ current }) =>
    `Das Passwort ist nicht korrekt. Versuchen Sie es erneut oder bleiben Sie in ${current}.`,
  notAvailable: ({ vault, current }) =>
    `${vault} lässt sich mit Ihrem Konto nicht öffnen. Sie sind weiterhin in ${current}.`,
  failed: ({ vault, current }) =>
    `${vault} lässt sich gerade nicht öffnen. Sie sind weiterhin in ${current}; versuchen Sie es gleich noch einmal.`,
  failedSignedOut: ({ vault }) => `${vault} ließ sich nicht öffnen, und Sie wurden abgemeldet.`,
  rememberedHeading: 'Früher in diesem Browser angemeldet',
  continueAs: ({ user }) => `${user}: mit diesem Benutzernamen fortfahren`,
  forgetLabel: ({ user }) => `${user} aus dieser Liste entfernen`,
  forgotten: ({ user }) => `${user} wurde aus dieser Liste entfernt.`,
  signOutAndForget: 'Abmelden und mich vergessen',
};
