import type { LoginMessages } from '../../components/i18n/LoginMessages';

// French puts 0 and 1 in the singular ("0 seconde"), so the plural rule decides, not `=== 1`.
function seconds(count: number): string {
  return `${count} ${new Intl.PluralRules('fr').select(count) === 'one' ? 'seconde' : 'secondes'}`;
}

/**
 * The French strings of `LoginForm`. Lives outside the main entry, so that only an
 * application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { frLoginMessages } from 'vault-session-kit/locales/fr';
 *
 * <VaultMessagesProvider messages={{ login: frLoginMessages }}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const frLoginMessages: LoginMessages = {
  title: 'Se connecter',
  usernameLabel: 'Nom d’utilisateur',
  usernameHint: 'Généralement votre adresse e-mail professionnelle.',
  continue: 'Continuer',
  passwordHeading: 'Saisissez votre mot de passe',
  signingInAs: 'Connexion en tant que',
  notYou: 'Ce n’est pas vous\u00a0?',
  passwordLabel: 'Mot de passe',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  vaultLabel: 'Vault',
  signIn: 'Se connecter',
  ssoHeading: 'Se connecter avec votre organisation',
  ssoIntro:
    'Votre organisation gère votre connexion. Sa page de connexion va s’ouvrir, puis vous reviendrez ici.',
  ssoContinueWith: ({ label }) => `Continuer avec ${label}`,
  ssoPortalOnly:
    'Votre organisation vous connecte depuis son propre portail. Ouvrez Vault à partir du portail ou du lanceur d’applications de votre organisation.',
  ssoRedirecting: 'Redirection vers la page de connexion de votre organisation…',
  ssoCompleting: 'Finalisation de la connexion…',
  signedInHeading: 'Connexion réussie',
  signedInAs: 'Session ouverte en tant que',
  usernameRequired: 'Saisissez votre nom d’utilisateur.',
  passwordRequired: 'Saisissez votre mot de passe.',
  incorrectCredentials: 'Le nom d’utilisateur ou le mot de passe est incorrect.',
  lockoutWarning:
    'Le nom d’utilisateur ou le mot de passe est incorrect. D’autres mots de passe erronés d’affilée verrouillent le compte pendant un moment.',
  lockedOut:
    'Ce compte est verrouillé. Réessayez plus tard, ou demandez à l’administrateur de votre Vault de le déverrouiller.',
  passwordChangeRequired:
    'Votre mot de passe a expiré. Modifiez-le dans l’interface web de Vault, puis connectez-vous ici avec le nouveau mot de passe.',
  changePassword: 'Modifier votre mot de passe',
  resetPassword: 'Mot de passe oublié ? Le réinitialiser',
  inactiveUser:
    'Ce compte est désactivé. Demandez à l’administrateur de votre Vault de le réactiver.',
  rateLimited: ({ seconds: count }) =>
    `Trop de tentatives de connexion. Patientez ${seconds(count)}, puis réessayez.`,
  retryCountdown: ({ seconds: count }) => `Vous pourrez réessayer dans ${seconds(count)}.`,
  retryReady: 'Vous pouvez réessayer maintenant.',
  networkError: 'Impossible de joindre Vault. Vérifiez votre connexion, puis réessayez.',
  timeout: 'Vault a mis trop de temps à répondre. Réessayez.',
  serviceUnavailable: 'Vault ne répond pas correctement pour le moment. Réessayez dans un instant.',
  setupError:
    "La connexion n'est pas correctement configurée pour ce site. Contactez l'administrateur du site.",
  unexpectedError: 'Un problème est survenu lors de la connexion. Réessayez.',
  tryAgain: 'Réessayer',
  vaultNoAccess: ({ vault }) =>
    `Vous n’avez pas accès à ${vault}. Choisissez un autre Vault ou demandez l’accès à l’administrateur de votre Vault.`,
  vaultElsewhere: ({ vault, actual }) =>
    `Vous n’avez pas accès à ${vault}. Votre compte se trouve dans ${actual}.`,
  ssoCancelled:
    'La connexion avec votre organisation a été annulée. Réessayez dès que vous le souhaitez.',
  ssoRestart:
    'Cette connexion a expiré ou a été lancée dans une autre fenêtre. Recommencez depuis le début.',
  ssoVaultElsewhere:
    'Votre organisation vous a connecté, mais pas au Vault qu’utilise ce site : vous n’y avez pas accès. Demandez l’accès à l’administrateur de votre Vault.',
  ssoFailed:
    'La connexion avec votre organisation n’a pas pu aboutir. Réessayez, ou contactez votre administrateur si le problème persiste.',
  sessionExpired:
    'Votre session a pris fin après 48 heures, sa durée maximale. Reconnectez-vous pour continuer.',
  sessionInvalid: 'Votre session a pris fin. Reconnectez-vous pour continuer.',
  vaultEnded:
    'Le Vault dans lequel cette application est ouverte a fermé votre session. Rechargez la page du Vault ou reconnectez-vous pour continuer.',
  webTabConnecting: 'Connexion à votre Vault…',
  webTabNoSession: 'Le Vault n’a pas transmis votre session. Connectez-vous pour continuer.',
  webTabSessionRefused:
    'La session du Vault ne peut pas être utilisée ici ; elle a peut-être pris fin. Connectez-vous pour continuer.',
  signedOut: 'Déconnexion effectuée.',
  signedOutInactive:
    'Votre session a été fermée après une période d’inactivité. Connectez-vous pour continuer.',
  signedOutElsewhere: 'Votre session a été fermée dans une autre fenêtre.',
};
