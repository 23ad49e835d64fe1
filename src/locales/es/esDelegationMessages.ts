import type { DelegationMessages } from '../../components/i18n/DelegationMessages';

/**
 * The Spanish strings of `DelegationPicker` and `ActingAsBanner`. Lives outside the main
 * entry, so that only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { esDelegationMessages } from 'vault-session-kit/locales/es';
 *
 * <ActingAsBanner messages={esDelegationMessages} />
 * ```
 */
export const esDelegationMessages: DelegationMessages = {
  heading: 'Acceso delegado',
  description:
    'Trabaje en nombre de un compañero que le ha concedido acceso delegado. Lo que haga queda registrado con ambos nombres.',
  loading: 'Cargando su acceso delegado…',
  loadFailed: 'No se ha podido cargar su acceso delegado.',
  retry: 'Reintentar',
  empty: 'No tiene ningún acceso delegado.',
  emptyHint: 'Cuando un compañero le conceda acceso delegado a un Vault, aparecerá aquí.',

  filterLabel: 'Filtrar por Vault o persona',
  filterHint: 'Escriba parte del nombre de una persona, del nombre de un Vault o de su dirección.',
  filterResults: ({ shown, total }) => `Mostrando ${shown} de ${total}`,
  noMatches: 'Ningún acceso delegado coincide con este filtro.',
  clearFilter: 'Borrar el filtro',

  addressLabel: 'Dirección',
  delegatorLabel: 'En nombre de',
  delegatorFallback: ({ userId }) => `ID de usuario ${userId}`,

  actAs: 'Actuar como',
  actAsLabel: ({ delegator, vault }) => `Actuar como ${delegator} en ${vault}`,
  current: 'En uso',
  starting: ({ delegator, vault }) => `Empezando a actuar como ${delegator} en ${vault}…`,
  started: ({ delegator, vault }) => `Ahora actúa como ${delegator} en ${vault}.`,
  startFailed: ({ delegator, vault }) => `No se ha podido actuar como ${delegator} en ${vault}.`,
  startDenied: 'Ya no tiene acceso delegado para esta persona en este Vault.',
  startUnavailable:
    'No se ha podido conectar con el servidor. Compruebe su conexión y vuelva a intentarlo.',

  bannerLabel: 'Sesión delegada',
  actingAs: ({ delegator, vault, user }) =>
    `Actuando como ${delegator} en ${vault}: usted es ${user}`,
  stopActing: 'Dejar de actuar',
  stopping: 'Volviendo…',
  stopFailed: ({ delegator }) =>
    `No se ha podido contactar con el Vault: sigue actuando como ${delegator}. Vuelva a intentarlo.`,
  stopped: ({ delegator, user }) =>
    `Ha dejado de actuar como ${delegator}. Ha vuelto a su propia sesión como ${user}.`,
  landedVault: ({ vault, asked }) => `Está en ${vault}: su cuenta no tiene acceso a ${asked}.`,
};
