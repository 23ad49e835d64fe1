import type { LoginMessages } from '../../components/i18n/LoginMessages';
import { isolate } from './isolate';

// Arabic has six plural categories, and the word (and whether the number is written at
// all) changes with each: "ثانية واحدة", "ثانيتين", "3 ثوانٍ", "11 ثانية", "100 ثانية".
function seconds(count: number): string {
  switch (new Intl.PluralRules('ar').select(count)) {
    case 'one':
      return 'ثانية واحدة';
    case 'two':
      return 'ثانيتين';
    case 'few':
      return `${count} ثوانٍ`;
    default:
      return `${count} ثانية`;
  }
}

/**
 * The Arabic strings of `LoginForm`, for a right-to-left page (`dir="rtl"`). Lives outside
 * the main entry, so that only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { arLoginMessages } from 'vault-session-kit/locales/ar';
 *
 * <VaultMessagesProvider messages={{ login: arLoginMessages }}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const arLoginMessages: LoginMessages = {
  title: 'تسجيل الدخول',
  usernameLabel: 'اسم المستخدم',
  usernameHint: 'عادةً ما يكون بريدك الإلكتروني الخاص بالعمل.',
  continue: 'متابعة',
  passwordHeading: 'أدخل كلمة المرور',
  signingInAs: 'تسجيل الدخول باسم',
  notYou: 'استخدام حساب آخر',
  passwordLabel: 'كلمة المرور',
  showPassword: 'إظهار كلمة المرور',
  hidePassword: 'إخفاء كلمة المرور',
  vaultLabel: 'Vault',
  signIn: 'تسجيل الدخول',
  ssoHeading: 'تسجيل الدخول عبر مؤسستك',
  ssoIntro: 'تتولى مؤسستك تسجيل دخولك. ستنتقل إلى صفحة تسجيل الدخول الخاصة بها، ثم تعود إلى هنا.',
  ssoContinueWith: ({ label }) => `المتابعة باستخدام ${isolate(label)}`,
  ssoPortalOnly:
    'تسجّل مؤسستك دخولك عبر بوابتها الخاصة. افتح Vault من بوابة مؤسستك أو من مشغّل التطبيقات لديها.',
  ssoRedirecting: 'جارٍ نقلك إلى صفحة تسجيل الدخول لدى مؤسستك…',
  ssoCompleting: 'جارٍ إكمال تسجيل الدخول…',
  signedInHeading: 'تم تسجيل الدخول',
  signedInAs: 'سجّلت الدخول باسم',
  usernameRequired: 'أدخل اسم المستخدم.',
  passwordRequired: 'أدخل كلمة المرور.',
  incorrectCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
  lockoutWarning:
    'اسم المستخدم أو كلمة المرور غير صحيحة. يؤدي إدخال مزيد من كلمات المرور الخاطئة المتتالية إلى قفل الحساب لفترة.',
  lockedOut: 'هذا الحساب مقفل. حاول مرة أخرى لاحقًا، أو اطلب من مسؤول Vault لديك إلغاء قفله.',
  passwordChangeRequired:
    'انتهت صلاحية كلمة المرور. غيّرها من واجهة الويب في Vault، ثم سجّل الدخول هنا بكلمة المرور الجديدة.',
  changePassword: 'تغيير كلمة المرور',
  resetPassword: 'هل نسيت كلمة المرور؟ أعد تعيينها',
  inactiveUser: 'هذا الحساب غير نشط. اطلب من مسؤول Vault لديك إعادة تنشيطه.',
  rateLimited: ({ seconds: count }) =>
    `محاولات تسجيل دخول كثيرة جدًا. انتظر ${seconds(count)}، ثم حاول مرة أخرى.`,
  retryCountdown: ({ seconds: count }) => `يمكنك المحاولة مرة أخرى بعد ${seconds(count)}.`,
  retryReady: 'يمكنك المحاولة مرة أخرى الآن.',
  networkError: 'تعذّر الوصول إلى Vault. تحقّق من اتصالك، ثم حاول مرة أخرى.',
  timeout: 'استغرق Vault وقتًا طويلًا في الرد. حاول مرة أخرى.',
  serviceUnavailable: 'لا يستجيب Vault بشكل سليم حاليًا. حاول مرة أخرى بعد قليل.',
  setupError: 'تسجيل الدخول غير مُعدّ بشكل صحيح لهذا الموقع. تواصل مع مسؤول الموقع.',
  unexpectedError: 'حدث خطأ أثناء تسجيل الدخول. حاول مرة أخرى.',
  tryAgain: 'إعادة المحاولة',
  vaultNoAccess: ({ vault }) =>
    `ليس لديك حق الوصول إلى ${isolate(vault)}. اختر Vault آخر، أو اطلب حق الوصول من مسؤول Vault لديك.`,
  vaultElsewhere: ({ vault, actual }) =>
    `ليس لديك حق الوصول إلى ${isolate(vault)}. حسابك موجود في ${isolate(actual)}.`,
  ssoCancelled: 'أُلغي تسجيل الدخول عبر مؤسستك. حاول مرة أخرى متى شئت.',
  ssoRestart: 'انتهت صلاحية عملية تسجيل الدخول هذه أو بدأت في نافذة أخرى. ابدأ من جديد.',
  ssoVaultElsewhere:
    'سجّلت مؤسستك دخولك، ولكن ليس إلى Vault الذي يستخدمه هذا الموقع: ليس لديك حق الوصول إليه. اطلب حق الوصول من مسؤول Vault لديك.',
  ssoFailed:
    'تعذّر إكمال تسجيل الدخول عبر مؤسستك. حاول مرة أخرى، أو تواصل مع المسؤول إذا تكررت المشكلة.',
  sessionExpired:
    'انتهت جلستك بعد 48 ساعة، وهي أطول مدة ممكنة للجلسة. سجّل الدخول مرة أخرى للمتابعة.',
  sessionInvalid: 'انتهت جلستك. سجّل الدخول مرة أخرى للمتابعة.',
  vaultEnded:
    'أنهى Vault المفتوح فيه هذا التطبيق جلستك. أعد تحميل صفحة Vault أو سجّل الدخول مرة أخرى للمتابعة.',
  webTabConnecting: 'جارٍ الاتصال بـ Vault الخاص بك…',
  webTabNoSession: 'لم يُمرِّر Vault جلستك. سجّل الدخول للمتابعة.',
  webTabSessionRefused: 'تعذّر استخدام جلسة Vault هنا؛ ربما انتهت. سجّل الدخول للمتابعة.',
  signedOut: 'تم تسجيل خروجك.',
  signedOutInactive: 'تم تسجيل خروجك بعد فترة من عدم النشاط. سجّل الدخول للمتابعة.',
  signedOutElsewhere: 'تم تسجيل خروجك في نافذة أخرى.',
};
