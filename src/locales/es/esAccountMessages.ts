import type { AccountMessages } from '../../components/i18n/AccountMessages';

/**
 * Los textos en español del cambio de almacén y de los nombres de usuario recordados. Fuera
 * de la entrada principal: solo una aplicación que lo importa lo incluye.
 *
 * @example
 * ```tsx
 * import { esAccountMessages } from 'vault-session-kit/locales/es';
 *
 * <VaultSwitcher messages={esAccountMessages} />
 * ```
 */
export const esAccountMessages: AccountMessages = {
  toggleLabel: ({ vault }) => `${vault}, su almacén: cambiar de almacén`,
  switchVault: 'Cambiar de almacén',
  currentVault: 'Almacén actual',
  switchToLabel: ({ vault }) => `${vault}: cambiar a este almacén`,
  actingNotice: 'Cambiar de almacén primero deja de actuar en nombre de otra persona.',
  passwordHeading: ({ vault }) => `Cambiar a ${vault}`,
  passwordIntro: ({ vault, user }) => `Introduzca la contraseña de ${user} para abrir ${vault}.`,
  usernameLabel: 'Nombre de usuario',
  passwordLabel: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  submit: 'Cambiar de almacén',
  cancel: ({ current }) => `Quedarse en ${current}`,
  switching: ({ vault }) => `Abriendo ${vault}…`,
  redirecting: ({ vault }) => `Le llevamos a su servicio de inicio de sesión para abrir ${vault}…`,
  switched: ({ vault }) => `Ahora está en ${vault}.`,
  stayed: ({ current }) => `Sigue en ${current}.`,
  passwordRequired: 'Introduzca su contraseña.',
  wrongPassword: ({ current }) =>
    `La contraseña no es correcta. Inténtelo de nuevo o quédese en ${current}.`,
  notAvailable: ({ vault, current }) =>
    `No se puede abrir ${vault} con su cuenta. Sigue en ${current}.`,
  failed: ({ vault, current }) =>
    `No se puede abrir ${vault} en este momento. Sigue en ${current}; inténtelo de nuevo en un momento.`,
  failedSignedOut: ({ vault }) => `No se pudo abrir ${vault} y se ha cerrado su sesión.`,
  rememberedHeading: 'Sesiones anteriores en este navegador',
  continueAs: ({ user }) => `${user}: continuar con este nombre de usuario`,
  forgetLabel: ({ user }) => `Quitar ${user} de esta lista`,
  forgotten: ({ user }) => `${user} se ha quitado de esta lista.`,
  signOutAndForget: 'Cerrar sesión y olvidarme',
};
