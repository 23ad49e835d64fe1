import type { DemoMessages } from '../demoMessages';

/**
 * The demo's text in Spanish.
 *
 * @example
 * ```ts
 * esDemoMessages.header.delegations; // 'Acceso delegado'
 * ```
 */
export const esDemoMessages: DemoMessages = {
  brandTag: 'demo de vault-session-kit',
  skipToMain: 'Saltar al contenido principal',
  signIn: {
    pageTitle: 'Iniciar sesión',
    intro:
      'Inicie sesión para ver los documentos de su Vault. La sesión se mantiene activa por sí sola y termina limpiamente cuando cierra la sesión.',
    chosenPassword: (username, password) =>
      `Cuenta de demostración ${username}: su contraseña es ${password}.`,
    chosenAnyPassword: (username) =>
      `Cuenta de demostración ${username}: cualquier contraseña recibe la misma respuesta.`,
    chosenSso: (username, provider, user, password) =>
      `Cuenta de demostración ${username}: en ${provider}, inicie sesión como ${user} con la contraseña ${password}.`,
  },
  accounts: {
    heading: 'Cuentas de demostración',
    intro:
      'El Vault integrado conoce a estas personas. Elija una para poner su nombre de usuario en el formulario y escriba la contraseña que aparece con ella. Un nombre de usuario que el Vault no conoce y una contraseña incorrecta reciben la misma respuesta.',
    use: 'Usar',
    password: 'contraseña',
    anyPassword: 'cualquier contraseña',
    singleSignOn: 'inicio de sesión único',
    inTheForm: 'En el formulario',
    ssoAt: (provider, user, password) =>
      `En ${provider}, inicie sesión como ${user} con ${password}.`,
    outcomes: {
      olivia: 'Sunrise PromoMats; puede actuar en nombre de Marcus en QualityDocs.',
      marcus: 'Sunrise QualityDocs.',
      sam: 'Harbor Clinical; puede cambiar a Harbor Safety sin volver a iniciar sesión.',
      newhire:
        'Rechazada con la contraseña correcta: ha caducado. El formulario enlaza la página de contraseñas del Vault para cambiarla.',
      locked: 'Rechazada: la cuenta está bloqueada.',
      inactive: 'Rechazada: la cuenta está inactiva.',
    },
  },
  header: {
    signedInAs: 'Ha iniciado sesión como',
    inVault: ', en ',
    actingAs: (person) => `Actuando en nombre de ${person}`,
    youAre: (username) => `usted es ${username}`,
    vaultNumber: (id) => `Vault ${id}`,
    userNumber: (id) => `usuario ${id}`,
    delegations: 'Acceso delegado',
    delegationsAvailable: (count) => `${count} ${count === 1 ? 'disponible' : 'disponibles'}`,
  },
  documents: {
    pageTitle: 'Documentos',
    heading: 'Documentos',
    onBehalfOf: (person) => `En nombre de ${person}`,
    loading: (vault) => `Cargando los documentos de ${vault}…`,
    failedTitle: 'No se pudieron cargar los documentos',
    sessionStillActive: 'Su sesión sigue activa.',
    tryAgain: 'Reintentar',
    tryingAgain: 'Reintentando…',
    emptyTitle: 'Todavía no hay documentos',
    emptyBody: (vault) =>
      `${vault} no tiene documentos que usted pueda ver. Los documentos creados en el Vault o compartidos con usted aparecerán aquí.`,
    count: (total) =>
      `${total === 1 ? '1 documento' : `${total} documentos`}, los modificados más recientemente primero`,
    refresh: 'Actualizar',
    filterLabel: 'Filtrar documentos',
    noMatches: (filter) => `Ningún documento coincide con «${filter}».`,
    refreshing: 'Actualizando…',
    refreshFailed: (reason) =>
      `No se pudo actualizar la lista: ${reason} Muestra lo que se había cargado antes.`,
    caption: (vault) => `Documentos de ${vault}`,
    columnDocument: 'Documento',
    columnNumber: 'Número',
    columnStatus: 'Estado',
    columnVersion: 'Versión',
    columnChanged: 'Última modificación',
    compactVersion: (version) => `versión ${version}`,
    compactChanged: 'modificado el',
    unreachable: 'No se pudo contactar con el Vault. Compruebe su conexión y vuelva a intentarlo.',
    tooSlow: 'El Vault tardó demasiado en responder.',
    unreadable: 'El Vault envió una respuesta que no se pudo leer. Puede que se esté reiniciando.',
    noPermission: 'No tiene permiso para ver la lista de documentos de este Vault.',
    refused: (type) => `El Vault rechazó la solicitud (${type}).`,
    unknownFailure: 'Se produjo un error al cargar los documentos.',
  },
  footer: {
    about:
      'Vault Docs es una demostración de vault-session-kit. Sus Vaults son el emulador integrado, cada uno en su propio host detrás del proxy del kit (/vault/…, /auth); el inicio de sesión único pasa por el proveedor OpenID de desarrollo en /oidc. Nada sale de su equipo.',
    idle: (minutes) => `Cierre de sesión tras ${minutes} minutos de inactividad.`,
    backToLong: 'Volver al tiempo límite de 30 minutos',
    tryShort: 'Probar tiempos límite cortos (2 minutos) para ver el aviso',
    language: 'Idioma',
  },
  passwordReset: {
    heading: 'Restablecer la contraseña',
    administrator:
      'En Vault Docs, las contraseñas las restablece el administrador de su Vault: le envía un enlace para elegir una nueva. Una cuenta bloqueada se desbloquea sola al cabo de un tiempo, o cuando el administrador la desbloquea.',
    demoUnlock:
      'En esta demostración, el Vault integrado desbloquea una cuenta 15 minutos después del bloqueo, y las contraseñas de las cuentas de demostración aparecen en la página de inicio de sesión.',
    passwordPage: 'Cambiar una contraseña caducada en la página de contraseñas del Vault',
    back: 'Volver al inicio de sesión',
  },
};
