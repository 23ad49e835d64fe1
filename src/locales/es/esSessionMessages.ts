import type { SessionMessages } from '../../components/i18n/SessionMessages';

/**
 * The Spanish strings of `SessionTimer`, `SessionExpiryDialog` and `SignOutButton`;
 * durations are formatted for `es`. Lives outside the main entry, so that only an
 * application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { esSessionMessages } from 'vault-session-kit/locales/es';
 *
 * <SessionTimer messages={esSessionMessages} />
 * ```
 */
export const esSessionMessages: SessionMessages = {
  locale: 'es',

  signOut: 'Cerrar sesión',
  signOutOfVault: 'Cerrar sesión también en el Vault',
  signingOut: 'Cerrando sesión…',

  timerIdle: ({ time }) => `Cierre por inactividad en ${time}`,
  timerCap: ({ time }) => `La sesión termina en ${time}`,
  timerIdleAnnouncement: ({ time }) => `Su sesión se cerrará por inactividad en ${time}.`,
  timerCapAnnouncement: ({ time }) => `Su sesión termina en ${time}. No se puede ampliar.`,

  idleTitle: '¿Sigue ahí?',
  idleBody: ({ time }) =>
    `Por su seguridad, su sesión se cerrará en ${time} porque no ha habido actividad. ¿Quiere mantener la sesión iniciada?`,
  staySignedIn: 'Mantener la sesión',
  extending: 'Manteniendo la sesión…',
  extendFailed:
    'No se ha podido conectar con el servidor. Su sesión sigue activa; vuelva a intentarlo.',
  idleAnnouncement: ({ time }) => `Su sesión se cerrará en ${time}.`,

  unreliableTitle: 'La conexión es inestable',
  unreliableBody:
    'No se puede contactar con el servicio de Vault para mantener activa su sesión. Su sesión sigue iniciada y no se pierde nada; la conexión se reintenta en segundo plano.',
  retryConnection: 'Reintentar ahora',
  retryingConnection: 'Reintentando…',

  capTitle: 'Su sesión está a punto de terminar',
  capBody: ({ time, limit }) =>
    `Las sesiones duran como máximo ${limit} y no se pueden ampliar. La suya termina en ${time}. Guarde su trabajo: tendrá que volver a iniciar sesión.`,
  continueSession: 'Continuar hasta entonces',
  signOutNow: 'Cerrar sesión ahora',
  capAnnouncement: ({ time }) => `Su sesión termina en ${time}.`,

  capRenewBody: ({ time, limit }) =>
    `Las sesiones duran como máximo ${limit}. La suya termina en ${time}, pero el inicio de sesión de su organización puede abrir una nueva sin formulario: elija «Mantener la sesión» y seguirá donde está, con todo lo que haya escrito.`,
  renewing: 'Volviendo a iniciar la sesión…',
  capRenewFailedBody: ({ time }) =>
    `El inicio de sesión de su organización no ha permitido abrir una nueva sesión. La suya termina en ${time}. Guarde su trabajo: tendrá que volver a iniciar sesión.`,

  expiredTitle: 'Su sesión ha terminado',
  expiredBody: ({ limit }) =>
    `Por su seguridad, todas las sesiones terminan tras ${limit}. Vuelva a iniciar sesión para continuar.`,
  invalidTitle: 'Su sesión ya no es válida',
  invalidBody:
    'El servidor ya no acepta su sesión, por ejemplo tras un largo periodo sin actividad o tras cerrar sesión en otro lugar. Vuelva a iniciar sesión para continuar.',
  vaultEndedTitle: 'Su Vault ha cerrado su sesión',
  vaultEndedBody:
    'El Vault en el que está abierta esta aplicación ha cerrado su sesión, por ejemplo 48 horas después de iniciar sesión en él o tras cerrar sesión allí. Vuelva a cargar la página del Vault o inicie sesión de nuevo para continuar.',
  idleEndedTitle: 'Se ha cerrado su sesión',
  idleEndedBody:
    'Su sesión se ha cerrado automáticamente porque no ha habido actividad durante un tiempo. Vuelva a iniciar sesión para continuar.',
  renewalRefusedBody:
    'Su sesión ha alcanzado su duración máxima y el inicio de sesión de su organización no ha permitido abrir una nueva sin volver a iniciar sesión. Vuelva a iniciar sesión para continuar.',
  renewalSignedOutBody:
    'Su sesión ha alcanzado su duración máxima y ya no tiene la sesión iniciada en su organización, por lo que no se ha podido abrir una nueva sesión. Vuelva a iniciar sesión para continuar.',
  renewalConsentBody:
    'Su sesión ha alcanzado su duración máxima y su organización ya no permite que esta aplicación inicie su sesión, por lo que no se ha podido abrir una nueva. Vuelva a iniciar sesión para continuar.',
  signInAgain: 'Volver a iniciar sesión',
};
