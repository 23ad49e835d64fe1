import type { LoginMessages } from '../../components/i18n/LoginMessages';

function seconds(count: number): string {
  return `${count} ${new Intl.PluralRules('es').select(count) === 'one' ? 'segundo' : 'segundos'}`;
}

/**
 * The Spanish strings of `LoginForm`. Lives outside the main entry, so that only an
 * application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { esLoginMessages } from 'vault-session-kit/locales/es';
 *
 * <VaultMessagesProvider messages={{ login: esLoginMessages }}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const esLoginMessages: LoginMessages = {
  title: 'Iniciar sesión',
  usernameLabel: 'Nombre de usuario',
  usernameHint: 'Normalmente, su dirección de correo electrónico del trabajo.',
  continue: 'Continuar',
  passwordHeading: 'Escriba su contraseña',
  signingInAs: 'Iniciando sesión como',
  notYou: '¿No es usted?',
  passwordLabel: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  vaultLabel: 'Vault',
  signIn: 'Iniciar sesión',
  ssoHeading: 'Iniciar sesión con su organización',
  ssoIntro:
    'Su organización gestiona el inicio de sesión. Irá a su página de inicio de sesión y después volverá aquí.',
  ssoContinueWith: ({ label }) => `Continuar con ${label}`,
  ssoPortalOnly:
    'Su organización le da acceso a través de su propio portal. Abra Vault desde el portal o el lanzador de aplicaciones de su organización.',
  ssoRedirecting: 'Le estamos llevando a la página de inicio de sesión de su organización…',
  ssoCompleting: 'Completando el inicio de sesión…',
  signedInHeading: 'Sesión iniciada',
  signedInAs: 'Ha iniciado sesión como',
  usernameRequired: 'Escriba su nombre de usuario.',
  passwordRequired: 'Escriba su contraseña.',
  incorrectCredentials: 'El nombre de usuario o la contraseña no son correctos.',
  lockoutWarning:
    'El nombre de usuario o la contraseña no son correctos. Más contraseñas incorrectas seguidas bloquean la cuenta durante un tiempo.',
  lockedOut:
    'Esta cuenta está bloqueada. Vuelva a intentarlo más tarde, o pida al administrador de su Vault que la desbloquee.',
  passwordChangeRequired:
    'Su contraseña ha caducado. Cámbiela en la interfaz web de Vault y después inicie sesión aquí con la contraseña nueva.',
  changePassword: 'Cambiar la contraseña',
  resetPassword: '¿Ha olvidado su contraseña? Restablézcala',
  inactiveUser:
    'Esta cuenta está inactiva. Pida al administrador de su Vault que la vuelva a activar.',
  rateLimited: ({ seconds: count }) =>
    `Demasiados intentos de inicio de sesión. Espere ${seconds(count)} y vuelva a intentarlo.`,
  retryCountdown: ({ seconds: count }) => `Podrá volver a intentarlo dentro de ${seconds(count)}.`,
  retryReady: 'Ya puede volver a intentarlo.',
  networkError: 'No se ha podido conectar con Vault. Compruebe su conexión y vuelva a intentarlo.',
  timeout: 'Vault ha tardado demasiado en responder. Vuelva a intentarlo.',
  serviceUnavailable:
    'Vault no responde correctamente en este momento. Vuelva a intentarlo dentro de un momento.',
  setupError:
    'El inicio de sesión no está bien configurado en este sitio. Póngase en contacto con el administrador del sitio.',
  unexpectedError: 'Algo ha fallado al iniciar sesión. Vuelva a intentarlo.',
  tryAgain: 'Reintentar',
  vaultNoAccess: ({ vault }) =>
    `No tiene acceso a ${vault}. Elija otro Vault o pida acceso al administrador de su Vault.`,
  vaultElsewhere: ({ vault, actual }) => `No tiene acceso a ${vault}. Su cuenta está en ${actual}.`,
  ssoCancelled:
    'Se ha cancelado el inicio de sesión con su organización. Vuelva a intentarlo cuando quiera.',
  ssoRestart: 'Este inicio de sesión ha caducado o se empezó en otra ventana. Vuelva a empezar.',
  ssoVaultElsewhere:
    'Su organización le ha identificado, pero no en el Vault que usa este sitio: no tiene acceso a él. Pida acceso al administrador de su Vault.',
  ssoFailed:
    'No se ha podido completar el inicio de sesión con su organización. Vuelva a intentarlo o, si sigue ocurriendo, póngase en contacto con su administrador.',
  sessionExpired:
    'Su sesión ha terminado tras 48 horas, la duración máxima de una sesión. Vuelva a iniciar sesión para continuar.',
  sessionInvalid: 'Su sesión ha terminado. Vuelva a iniciar sesión para continuar.',
  vaultEnded:
    'El Vault en el que está abierta esta aplicación ha cerrado su sesión. Vuelva a cargar la página del Vault o inicie sesión de nuevo para continuar.',
  webTabConnecting: 'Conectando con su Vault…',
  webTabNoSession: 'El Vault no ha transmitido su sesión. Inicie sesión para continuar.',
  webTabSessionRefused:
    'La sesión del Vault no se puede usar aquí; puede que haya terminado. Inicie sesión para continuar.',
  signedOut: 'Ha cerrado la sesión.',
  signedOutInactive:
    'Se ha cerrado su sesión tras un periodo de inactividad. Inicie sesión para continuar.',
  signedOutElsewhere: 'Se ha cerrado su sesión en otra ventana.',
};
