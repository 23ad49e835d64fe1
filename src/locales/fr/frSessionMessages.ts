import type { SessionMessages } from '../../components/i18n/SessionMessages';

/**
 * The French strings of `SessionTimer`, `SessionExpiryDialog` and `SignOutButton`; durations
 * are formatted for `fr`. Lives outside the main entry, so that only an application that
 * imports it ships it.
 *
 * @example
 * ```tsx
 * import { frSessionMessages } from 'vault-session-kit/locales/fr';
 *
 * <SessionTimer messages={frSessionMessages} />
 * ```
 */
export const frSessionMessages: SessionMessages = {
  locale: 'fr',

  signOut: 'Se déconnecter',
  signOutOfVault: 'Se déconnecter aussi du Vault',
  signingOut: 'Déconnexion…',

  timerIdle: ({ time }) => `Déconnexion pour inactivité dans ${time}`,
  timerCap: ({ time }) => `Fin de session dans ${time}`,
  timerIdleAnnouncement: ({ time }) => `Votre session sera fermée pour inactivité dans ${time}.`,
  timerCapAnnouncement: ({ time }) =>
    `Votre session prend fin dans ${time}. Elle ne peut pas être prolongée.`,

  idleTitle: 'Êtes-vous toujours là\u00a0?',
  idleBody: ({ time }) =>
    `Pour votre sécurité, votre session sera fermée dans ${time}, faute d’activité. Voulez-vous rester connecté\u00a0?`,
  staySignedIn: 'Rester connecté',
  extending: 'Prolongation de la session…',
  extendFailed:
    'Impossible de joindre le serveur. Votre session est toujours active\u00a0; veuillez réessayer.',
  idleAnnouncement: ({ time }) => `Votre session sera fermée dans ${time}.`,

  unreliableTitle: 'La connexion est instable',
  unreliableBody:
    'Le service Vault est injoignable et ne peut pas maintenir votre session. Vous restez connecté et rien n’est perdu\u00a0; la connexion est retentée en arrière-plan.',
  retryConnection: 'Réessayer maintenant',
  retryingConnection: 'Nouvelle tentative…',

  capTitle: 'Votre session va bientôt prendre fin',
  capBody: ({ time, limit }) =>
    `Une session dure au maximum ${limit} et ne peut pas être prolongée. La vôtre prend fin dans ${time}. Enregistrez votre travail\u00a0: vous devrez vous reconnecter.`,
  continueSession: 'Continuer jusque-là',
  signOutNow: 'Se déconnecter maintenant',
  capAnnouncement: ({ time }) => `Votre session prend fin dans ${time}.`,

  capRenewBody: ({ time, limit }) =>
    `Une session dure au maximum ${limit}. La vôtre prend fin dans ${time}, mais la connexion de votre organisation peut en ouvrir une nouvelle sans formulaire\u00a0: choisissez «\u00a0Rester connecté\u00a0» et vous restez où vous êtes, avec tout ce que vous avez saisi.`,
  renewing: 'Reconnexion en cours…',
  capRenewFailedBody: ({ time }) =>
    `La connexion de votre organisation n’a pas permis d’ouvrir une nouvelle session. La vôtre prend fin dans ${time}. Enregistrez votre travail\u00a0: vous devrez vous reconnecter.`,

  expiredTitle: 'Votre session a pris fin',
  expiredBody: ({ limit }) =>
    `Pour votre sécurité, chaque session prend fin au bout de ${limit}. Reconnectez-vous pour continuer.`,
  invalidTitle: 'Votre session n’est plus valide',
  invalidBody:
    'Le serveur n’accepte plus votre session, par exemple après une longue période d’inactivité ou une déconnexion ailleurs. Reconnectez-vous pour continuer.',
  vaultEndedTitle: 'Votre Vault a fermé votre session',
  vaultEndedBody:
    'Le Vault dans lequel cette application est ouverte a fermé votre session, par exemple 48 heures après votre connexion à ce Vault ou après une déconnexion depuis celui-ci. Rechargez la page du Vault ou reconnectez-vous pour continuer.',
  idleEndedTitle: 'Votre session a été fermée',
  idleEndedBody:
    'Votre session a été fermée automatiquement, faute d’activité depuis un moment. Reconnectez-vous pour continuer.',
  renewalRefusedBody:
    'Votre session a atteint sa durée maximale et la connexion de votre organisation n’a pas permis d’en ouvrir une nouvelle sans vous reconnecter. Reconnectez-vous pour continuer.',
  renewalSignedOutBody:
    'Votre session a atteint sa durée maximale et vous n’êtes plus connecté auprès de votre organisation : aucune nouvelle session n’a donc pu être ouverte pour vous. Reconnectez-vous pour continuer.',
  renewalConsentBody:
    'Votre session a atteint sa durée maximale et votre organisation n’autorise plus cette application à vous connecter : aucune nouvelle session n’a donc pu être ouverte pour vous. Reconnectez-vous pour continuer.',
  signInAgain: 'Se reconnecter',
};
