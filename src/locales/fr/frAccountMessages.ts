import type { AccountMessages } from '../../components/i18n/AccountMessages';

/**
 * Les textes français du changement de coffre et des noms d’utilisateur mémorisés. Hors de
 * l’entrée principale : seule une application qui l’importe le livre.
 *
 * @example
 * ```tsx
 * import { frAccountMessages } from 'vault-session-kit/locales/fr';
 *
 * <VaultSwitcher messages={frAccountMessages} />
 * ```
 */
export const frAccountMessages: AccountMessages = {
  toggleLabel: ({ vault }) => `${vault}, votre coffre : changer de coffre`,
  switchVault: 'Changer de coffre',
  currentVault: 'Coffre actuel',
  switchToLabel: ({ vault }) => `${vault} : passer à ce coffre`,
  actingNotice: 'Changer de coffre met d’abord fin à l’action au nom d’une autre personne.',
  passwordHeading: ({ vault }) => `Passer à ${vault}`,
  passwordIntro: ({ vault, user }) => `Saisissez le mot de passe de ${user} pour ouvrir ${vault}.`,
  usernameLabel: 'Nom d’utilisateur',
  passwordLabel: 'Mot de passe',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  submit: 'Changer de coffre',
  cancel: ({ current }) => `Rester dans ${current}`,
  switching: ({ vault }) => `Ouverture de ${vault}…`,
  redirecting: ({ vault }) => `Redirection vers votre service de connexion pour ouvrir ${vault}…`,
  switched: ({ vault }) => `Vous êtes maintenant dans ${vault}.`,
  stayed: ({ current }) => `Vous êtes toujours dans ${current}.`,
  passwordRequired: 'Saisissez votre mot de passe.',
  wrongPassword: ({ current }) =>
    `Le mot de passe est incorrect. Réessayez, ou restez dans ${current}.`,
  notAvailable: ({ vault, current }) =>
    `Impossible d’ouvrir ${vault} avec votre compte. Vous êtes toujours dans ${current}.`,
  failed: ({ vault, current }) =>
    `Impossible d’ouvrir ${vault} pour le moment. Vous êtes toujours dans ${current} ; réessayez dans un instant.`,
  failedSignedOut: ({ vault }) => `Impossible d’ouvrir ${vault}, et vous avez été déconnecté.`,
  rememberedHeading: 'Déjà connecté sur ce navigateur',
  continueAs: ({ user }) => `${user} : continuer avec ce nom d’utilisateur`,
  forgetLabel: ({ user }) => `Retirer ${user} de cette liste`,
  forgotten: ({ user }) => `${user} a été retiré de cette liste.`,
  signOutAndForget: 'Me déconnecter et m’oublier',
};
