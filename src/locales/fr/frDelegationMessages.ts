import type { DelegationMessages } from '../../components/i18n/DelegationMessages';

/**
 * The French strings of `DelegationPicker` and `ActingAsBanner`. Lives outside the main
 * entry, so that only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { frDelegationMessages } from 'vault-session-kit/locales/fr';
 *
 * <ActingAsBanner messages={frDelegationMessages} />
 * ```
 */
export const frDelegationMessages: DelegationMessages = {
  heading: 'Accès délégués',
  description:
    'Travaillez au nom d’un collègue qui vous a accordé un accès délégué. Vos actions sont enregistrées sous vos deux noms.',
  loading: 'Chargement de vos accès délégués…',
  loadFailed: 'Impossible de charger vos accès délégués.',
  retry: 'Réessayer',
  empty: 'Vous n’avez aucun accès délégué.',
  emptyHint: 'Lorsqu’un collègue vous accorde un accès délégué à un Vault, il apparaît ici.',

  filterLabel: 'Filtrer par Vault ou par personne',
  // "affiché" agrees with the count: French treats 0 and 1 as singular.
  filterHint: 'Saisissez une partie du nom d’une personne, du nom d’un Vault ou de son adresse.',
  filterResults: ({ shown, total }) =>
    `${shown} sur ${total} ${new Intl.PluralRules('fr').select(shown) === 'one' ? 'affiché' : 'affichés'}`,
  noMatches: 'Aucun accès délégué ne correspond à ce filtre.',
  clearFilter: 'Effacer le filtre',

  addressLabel: 'Adresse',
  delegatorLabel: 'Au nom de',
  delegatorFallback: ({ userId }) => `ID utilisateur ${userId}`,

  actAs: 'Représenter',
  actAsLabel: ({ delegator, vault }) => `Représenter ${delegator} dans ${vault}`,
  current: 'En cours',
  starting: ({ delegator, vault }) =>
    `Ouverture de la session déléguée de ${delegator} dans ${vault}…`,
  started: ({ delegator, vault }) =>
    `Vous agissez maintenant au nom de ${delegator} dans ${vault}.`,
  startFailed: ({ delegator, vault }) => `Impossible d’agir au nom de ${delegator} dans ${vault}.`,
  startDenied: 'Vous n’avez plus d’accès délégué pour cette personne dans ce Vault.',
  startUnavailable: 'Impossible de joindre le serveur. Vérifiez votre connexion, puis réessayez.',

  bannerLabel: 'Session déléguée',
  actingAs: ({ delegator, vault, user }) =>
    `Au nom de ${delegator} dans ${vault} — vous êtes ${user}`,
  stopActing: 'Quitter la délégation',
  stopping: 'Retour en cours…',
  stopFailed: ({ delegator }) =>
    `Impossible de joindre le Vault : vous agissez toujours au nom de ${delegator}. Réessayez.`,
  stopped: ({ delegator, user }) =>
    `Vous n’agissez plus au nom de ${delegator}. Vous êtes de retour dans votre propre session en tant que ${user}.`,
  landedVault: ({ vault, asked }) =>
    `Vous êtes dans ${vault} : votre compte n’a pas accès à ${asked}.`,
};
