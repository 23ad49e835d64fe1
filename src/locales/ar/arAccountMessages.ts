import type { AccountMessages } from '../../components/i18n/AccountMessages';
import { isolate } from './isolate';

/**
 * The Arabic strings of the vault switcher and the remembered user names. Names and vaults
 * are isolated from the right-to-left text around them. Lives outside the main entry, so
 * that only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { arAccountMessages } from 'vault-session-kit/locales/ar';
 *
 * <VaultSwitcher messages={arAccountMessages} />
 * ```
 */
export const arAccountMessages: AccountMessages = {
  toggleLabel: ({ vault }) => `${isolate(vault)}، مستودعك: تبديل المستودع`,
  switchVault: 'تبديل المستودع',
  currentVault: 'المستودع الحالي',
  switchToLabel: ({ vault }) => `${isolate(vault)}: الانتقال إلى هذا المستودع`,
  actingNotice: 'يؤدي تبديل المستودع أولًا إلى إيقاف التصرف نيابةً عن مستخدم آخر.',
  passwordHeading: ({ vault }) => `الانتقال إلى ${isolate(vault)}`,
  passwordIntro: ({ vault, user }) => `أدخل كلمة مرور ${isolate(user)} لفتح ${isolate(vault)}.`,
  usernameLabel: 'اسم المستخدم',
  passwordLabel: 'كلمة المرور',
  showPassword: 'إظهار كلمة المرور',
  hidePassword: 'إخفاء كلمة المرور',
  submit: 'تبديل المستودع',
  cancel: ({ current }) => `البقاء في ${isolate(current)}`,
  switching: ({ vault }) => `جارٍ فتح ${isolate(vault)}…`,
  redirecting: ({ vault }) => `جارٍ نقلك إلى خدمة تسجيل الدخول لفتح ${isolate(vault)}…`,
  switched: ({ vault }) => `أنت الآن في ${isolate(vault)}.`,
  stayed: ({ current }) => `ما زلت في ${isolate(current)}.`,
  passwordRequired: 'أدخل كلمة المرور.',
  wrongPassword: ({ current }) =>
    `كلمة المرور غير صحيحة. حاول مرة أخرى، أو ابقَ في ${isolate(current)}.`,
  notAvailable: ({ vault, current }) =>
    `تعذّر فتح ${isolate(vault)} بحسابك. ما زلت في ${isolate(current)}.`,
  failed: ({ vault, current }) =>
    `تعذّر فتح ${isolate(vault)} الآن. ما زلت في ${isolate(current)}؛ حاول مرة أخرى بعد قليل.`,
  failedSignedOut: ({ vault }) => `تعذّر فتح ${isolate(vault)}، وتم تسجيل خروجك.`,
  rememberedHeading: 'سجّلوا الدخول من قبل على هذا المتصفح',
  continueAs: ({ user }) => `${isolate(user)}: المتابعة باسم المستخدم هذا`,
  forgetLabel: ({ user }) => `إزالة ${isolate(user)} من هذه القائمة`,
  forgotten: ({ user }) => `تمت إزالة ${isolate(user)} من هذه القائمة.`,
  signOutAndForget: 'تسجيل الخروج ونسياني',
};
