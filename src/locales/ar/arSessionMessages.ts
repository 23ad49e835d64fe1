import type { SessionMessages } from '../../components/i18n/SessionMessages';

/**
 * The Arabic strings of `SessionTimer`, `SessionExpiryDialog` and `SignOutButton`;
 * durations are formatted for `ar` (with its plural forms). Lives outside the main entry,
 * so that only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { arSessionMessages } from 'vault-session-kit/locales/ar';
 *
 * <SessionTimer messages={arSessionMessages} />
 * ```
 */
export const arSessionMessages: SessionMessages = {
  locale: 'ar',

  signOut: 'تسجيل الخروج',
  signOutOfVault: 'تسجيل الخروج من Vault أيضًا',
  signingOut: 'جارٍ تسجيل الخروج…',

  timerIdle: ({ time }) => `الخروج لعدم النشاط بعد ${time}`,
  timerCap: ({ time }) => `تنتهي الجلسة بعد ${time}`,
  timerIdleAnnouncement: ({ time }) => `سيتم تسجيل خروجك لعدم النشاط بعد ${time}.`,
  timerCapAnnouncement: ({ time }) => `تنتهي جلستك بعد ${time}، ولا يمكن تمديدها.`,

  idleTitle: 'هل ما زلت هنا؟',
  idleBody: ({ time }) =>
    `حفاظًا على أمانك، سيتم تسجيل خروجك بعد ${time} لعدم وجود أي نشاط. هل تريد البقاء مسجّلًا للدخول؟`,
  staySignedIn: 'البقاء مسجّلًا للدخول',
  extending: 'جارٍ تمديد الجلسة…',
  extendFailed: 'تعذّر الوصول إلى الخادم. لا تزال جلستك نشطة؛ يُرجى المحاولة مرة أخرى.',
  idleAnnouncement: ({ time }) => `سيتم تسجيل خروجك بعد ${time}.`,

  unreliableTitle: 'الاتصال غير مستقر',
  unreliableBody:
    'يتعذّر الوصول إلى خدمة Vault لإبقاء جلستك نشطة. ستبقى مسجّلًا للدخول ولن يضيع شيء؛ تُعاد محاولة الاتصال في الخلفية.',
  retryConnection: 'إعادة المحاولة الآن',
  retryingConnection: 'جارٍ المحاولة…',

  capTitle: 'جلستك على وشك الانتهاء',
  capBody: ({ time, limit }) =>
    `تستمر الجلسة ${limit} كحد أقصى ولا يمكن تمديدها. تنتهي جلستك بعد ${time}. احفظ عملك، إذ ستحتاج إلى تسجيل الدخول مرة أخرى.`,
  continueSession: 'المتابعة حتى ذلك الحين',
  signOutNow: 'تسجيل الخروج الآن',
  capAnnouncement: ({ time }) => `تنتهي جلستك بعد ${time}.`,

  capRenewBody: ({ time, limit }) =>
    `تستمر الجلسة ${limit} كحد أقصى. تنتهي جلستك بعد ${time}، لكن تسجيل الدخول الخاص بمؤسستك يمكنه بدء جلسة جديدة دون نموذج: اختر «البقاء مسجّلًا للدخول» لتبقى حيث أنت مع كل ما أدخلته.`,
  renewing: 'جارٍ تسجيل دخولك من جديد…',
  capRenewFailedBody: ({ time }) =>
    `لم يسمح تسجيل الدخول الخاص بمؤسستك ببدء جلسة جديدة. تنتهي جلستك بعد ${time}. احفظ عملك، إذ ستحتاج إلى تسجيل الدخول مرة أخرى.`,

  expiredTitle: 'انتهت جلستك',
  expiredBody: ({ limit }) =>
    `حفاظًا على أمانك، تنتهي كل جلسة بعد ${limit}. سجّل الدخول مرة أخرى للمتابعة.`,
  invalidTitle: 'لم تعد جلستك صالحة',
  invalidBody:
    'لم يعد الخادم يقبل جلستك، على سبيل المثال بعد فترة طويلة من عدم النشاط أو بعد تسجيل الخروج من مكان آخر. سجّل الدخول مرة أخرى للمتابعة.',
  vaultEndedTitle: 'أنهى Vault جلستك',
  vaultEndedBody:
    'أنهى Vault المفتوح فيه هذا التطبيق جلستك، على سبيل المثال بعد 48 ساعة من تسجيل دخولك إليه أو بعد تسجيل الخروج منه. أعد تحميل صفحة Vault أو سجّل الدخول مرة أخرى للمتابعة.',
  idleEndedTitle: 'تم تسجيل خروجك',
  idleEndedBody:
    'تم تسجيل خروجك تلقائيًا لعدم وجود أي نشاط لفترة من الوقت. سجّل الدخول مرة أخرى للمتابعة.',
  renewalRefusedBody:
    'بلغت جلستك حدها الأقصى، ولم يسمح تسجيل الدخول الخاص بمؤسستك ببدء جلسة جديدة دون تسجيل الدخول مرة أخرى. سجّل الدخول مرة أخرى للمتابعة.',
  renewalSignedOutBody:
    'بلغت جلستك حدها الأقصى، ولم تعد مسجّل الدخول لدى مؤسستك، لذا تعذّر بدء جلسة جديدة لك. سجّل الدخول مرة أخرى للمتابعة.',
  renewalConsentBody:
    'بلغت جلستك حدها الأقصى، ولم تعد مؤسستك تسمح لهذا التطبيق بتسجيل دخولك، لذا تعذّر بدء جلسة جديدة لك. سجّل الدخول مرة أخرى للمتابعة.',
  signInAgain: 'تسجيل الدخول مرة أخرى',
};
