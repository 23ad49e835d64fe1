import type { DemoMessages } from '../demoMessages';

/**
 * The demo's text in French.
 *
 * @example
 * ```ts
 * frDemoMessages.header.delegations; // 'Accès délégués'
 * ```
 */
export const frDemoMessages: DemoMessages = {
  brandTag: 'démo de vault-session-kit',
  skipToMain: 'Aller au contenu principal',
  signIn: {
    pageTitle: 'Connexion',
    intro:
      'Connectez-vous pour voir les documents de votre Vault. La session se maintient d’elle-même et se termine proprement lorsque vous vous déconnectez.',
    chosenPassword: (username, password) =>
      `Compte de démo ${username} : son mot de passe est ${password}.`,
    chosenAnyPassword: (username) =>
      `Compte de démo ${username} : n’importe quel mot de passe donne la même réponse.`,
    chosenSso: (username, provider, user, password) =>
      `Compte de démo ${username} : sur ${provider}, connectez-vous en tant que ${user} avec le mot de passe ${password}.`,
  },
  accounts: {
    heading: 'Comptes de démo',
    intro:
      'Le Vault intégré connaît ces personnes. Choisissez-en une pour mettre son nom d’utilisateur dans le formulaire, puis saisissez le mot de passe indiqué. Un nom d’utilisateur inconnu du Vault et un mauvais mot de passe reçoivent la même réponse.',
    use: 'Utiliser',
    password: 'mot de passe',
    anyPassword: 'n’importe quel mot de passe',
    singleSignOn: 'authentification unique',
    inTheForm: 'Dans le formulaire',
    ssoAt: (provider, user, password) =>
      `Sur ${provider}, connectez-vous en tant que ${user} avec ${password}.`,
    outcomes: {
      olivia: 'Sunrise PromoMats ; peut agir pour Marcus dans QualityDocs.',
      marcus: 'Sunrise QualityDocs.',
      sam: 'Harbor Clinical ; peut passer à Harbor Safety sans se reconnecter.',
      newhire:
        'Refusé avec le bon mot de passe : il a expiré. Le formulaire renvoie à la page du Vault pour le changer.',
      locked: 'Refusé : le compte est verrouillé.',
      inactive: 'Refusé : le compte est inactif.',
    },
  },
  header: {
    signedInAs: 'Session ouverte en tant que',
    inVault: ', dans ',
    actingAs: (person) => `Vous représentez ${person}`,
    youAre: (username) => `vous êtes ${username}`,
    vaultNumber: (id) => `Vault ${id}`,
    userNumber: (id) => `utilisateur ${id}`,
    delegations: 'Accès délégués',
    delegationsAvailable: (count) => `${count} ${count > 1 ? 'disponibles' : 'disponible'}`,
  },
  documents: {
    pageTitle: 'Documents',
    heading: 'Documents',
    onBehalfOf: (person) => `Pour le compte de ${person}`,
    loading: (vault) => `Chargement des documents de ${vault}…`,
    failedTitle: 'Les documents n’ont pas pu être chargés',
    sessionStillActive: 'Votre session est toujours active.',
    tryAgain: 'Réessayer',
    tryingAgain: 'Nouvelle tentative…',
    emptyTitle: 'Aucun document pour l’instant',
    emptyBody: (vault) =>
      `${vault} ne contient aucun document visible pour vous. Les documents créés dans le Vault ou partagés avec vous apparaîtront ici.`,
    count: (total) =>
      `${total > 1 ? `${total} documents` : `${total} document`}, les plus récemment modifiés en premier`,
    refresh: 'Actualiser',
    filterLabel: 'Filtrer les documents',
    noMatches: (filter) => `Aucun document ne correspond à « ${filter} ».`,
    refreshing: 'Actualisation…',
    refreshFailed: (reason) =>
      `La liste n’a pas pu être actualisée : ${reason} Elle montre ce qui avait été chargé auparavant.`,
    caption: (vault) => `Documents de ${vault}`,
    columnDocument: 'Document',
    columnNumber: 'Numéro',
    columnStatus: 'Statut',
    columnVersion: 'Version',
    columnChanged: 'Dernière modification',
    compactVersion: (version) => `version ${version}`,
    compactChanged: 'modifié le',
    unreachable: 'Le Vault est injoignable. Vérifiez votre connexion, puis réessayez.',
    tooSlow: 'Le Vault a mis trop de temps à répondre.',
    unreadable: 'Le Vault a envoyé une réponse illisible. Il est peut-être en train de redémarrer.',
    noPermission: 'Vous n’avez pas le droit de lister les documents de ce Vault.',
    refused: (type) => `Le Vault a refusé la requête (${type}).`,
    unknownFailure: 'Une erreur s’est produite lors du chargement des documents.',
  },
  footer: {
    about:
      'Vault Docs présente vault-session-kit. Ses Vaults sont l’émulateur intégré, chacun sur son propre hôte derrière le proxy du kit (/vault/…, /auth) ; l’authentification unique passe par le fournisseur OpenID de développement sur /oidc. Rien ne quitte votre machine.',
    idle: (minutes) => `Déconnexion après ${minutes} minutes d’inactivité.`,
    backToLong: 'Revenir au délai de 30 minutes',
    tryShort: 'Essayer des délais courts (2 minutes) pour voir l’avertissement',
    language: 'Langue',
  },
  passwordReset: {
    heading: 'Réinitialiser votre mot de passe',
    administrator:
      'Dans Vault Docs, les mots de passe sont réinitialisés par l’administrateur de votre Vault : il vous envoie un lien pour en choisir un nouveau. Un compte verrouillé se déverrouille de lui-même au bout d’un moment, ou lorsque l’administrateur le déverrouille.',
    demoUnlock:
      'Dans cette démo, le Vault intégré déverrouille un compte 15 minutes après le verrouillage, et les mots de passe des comptes de démo figurent sur la page de connexion.',
    passwordPage: 'Changer un mot de passe expiré sur la page du Vault',
    back: 'Retour à la connexion',
  },
};
