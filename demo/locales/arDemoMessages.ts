import { isolate } from '../../src/locales/ar/isolate';
import type { DemoMessages } from '../demoMessages';

const PLURAL = new Intl.PluralRules('ar');

// Arabic counts have six plural forms; the noun changes with each of them.
function documentCount(total: number): string {
  switch (PLURAL.select(total)) {
    case 'zero':
      return 'لا توجد مستندات';
    case 'one':
      return 'مستند واحد';
    case 'two':
      return 'مستندان';
    case 'few':
      return `${total} مستندات`;
    default:
      return `${total} مستندًا`;
  }
}

function minuteCount(minutes: number): string {
  switch (PLURAL.select(minutes)) {
    case 'one':
      return 'دقيقة واحدة';
    case 'two':
      return 'دقيقتين';
    case 'few':
      return `${minutes} دقائق`;
    default:
      return `${minutes} دقيقة`;
  }
}

/**
 * The demo's text in Arabic. Names, vaults and user names are isolated, so that a
 * left-to-right value keeps the right-to-left sentence around it in order.
 *
 * @example
 * ```ts
 * arDemoMessages.header.delegations; // 'الوصول المفوَّض'
 * ```
 */
export const arDemoMessages: DemoMessages = {
  brandTag: `عرض توضيحي لـ ${isolate('vault-session-kit')}`,
  skipToMain: 'انتقل إلى المحتوى الرئيسي',
  signIn: {
    pageTitle: 'تسجيل الدخول',
    intro:
      'سجّل الدخول لعرض مستندات Vault الخاص بك. تبقى الجلسة نشطة من تلقاء نفسها وتنتهي بشكل سليم عند تسجيل الخروج.',
    chosenPassword: (username, password) =>
      `الحساب التجريبي ${isolate(username)}: كلمة مروره ${isolate(password)}.`,
    chosenAnyPassword: (username) =>
      `الحساب التجريبي ${isolate(username)}: أي كلمة مرور تلقى الرد نفسه.`,
    chosenSso: (username, provider, user, password) =>
      `الحساب التجريبي ${isolate(username)}: في ${isolate(provider)}، سجّل الدخول باسم ${isolate(user)} بكلمة المرور ${isolate(password)}.`,
  },
  accounts: {
    heading: 'الحسابات التجريبية',
    intro:
      'يعرف Vault المدمج هؤلاء الأشخاص. اختر أحدهم لوضع اسم المستخدم الخاص به في النموذج، ثم اكتب كلمة المرور المعروضة معه. اسم المستخدم الذي لا يعرفه Vault وكلمة المرور الخاطئة يلقيان الرد نفسه.',
    use: 'استخدام',
    password: 'كلمة المرور',
    anyPassword: 'أي كلمة مرور',
    singleSignOn: 'تسجيل الدخول الموحّد',
    inTheForm: 'في النموذج',
    ssoAt: (provider, user, password) =>
      `في ${isolate(provider)}، سجّل الدخول باسم ${isolate(user)} بكلمة المرور ${isolate(password)}.`,
    outcomes: {
      olivia: `${isolate('Sunrise PromoMats')}؛ يمكنها التصرف نيابةً عن ${isolate('Marcus')} في ${isolate('QualityDocs')}.`,
      marcus: `${isolate('Sunrise QualityDocs')}.`,
      sam: `${isolate('Harbor Clinical')}؛ يمكنه الانتقال إلى ${isolate('Harbor Safety')} دون تسجيل الدخول مجددًا.`,
      newhire:
        'يُرفض رغم صحة كلمة المرور: فقد انتهت صلاحيتها. يرشد النموذج إلى صفحة كلمة المرور في Vault لتغييرها.',
      locked: 'مرفوض: الحساب مقفل.',
      inactive: 'مرفوض: الحساب غير نشط.',
    },
  },
  header: {
    signedInAs: 'سجّلت الدخول باسم',
    inVault: '، في ',
    actingAs: (person) => `تتصرف نيابةً عن ${isolate(person)}`,
    youAre: (username) => `أنت ${isolate(username)}`,
    vaultNumber: (id) => `Vault رقم ${isolate(id)}`,
    userNumber: (id) => `المستخدم ${isolate(id)}`,
    delegations: 'الوصول المفوَّض',
    delegationsAvailable: (count) => `المتاح: ${count}`,
  },
  documents: {
    pageTitle: 'المستندات',
    heading: 'المستندات',
    onBehalfOf: (person) => `نيابةً عن ${isolate(person)}`,
    loading: (vault) => `جارٍ تحميل مستندات ${isolate(vault)}…`,
    failedTitle: 'تعذّر تحميل المستندات',
    sessionStillActive: 'لا تزال جلستك نشطة.',
    tryAgain: 'إعادة المحاولة',
    tryingAgain: 'جارٍ إعادة المحاولة…',
    emptyTitle: 'لا توجد مستندات بعد',
    emptyBody: (vault) =>
      `لا يحتوي ${isolate(vault)} على مستندات يمكنك رؤيتها. تظهر هنا المستندات التي تُنشأ في Vault أو تُشارَك معك.`,
    count: (total) => `${documentCount(total)}، الأحدث تعديلًا أولًا`,
    refresh: 'تحديث',
    filterLabel: 'تصفية المستندات',
    noMatches: (filter) => `لا يوجد مستند يطابق «${filter}».`,
    refreshing: 'جارٍ التحديث…',
    refreshFailed: (reason) => `تعذّر تحديث القائمة: ${reason} تعرض القائمة ما حُمّل من قبل.`,
    caption: (vault) => `المستندات في ${isolate(vault)}`,
    columnDocument: 'المستند',
    columnNumber: 'الرقم',
    columnStatus: 'الحالة',
    columnVersion: 'الإصدار',
    columnChanged: 'آخر تعديل',
    compactVersion: (version) => `الإصدار ${isolate(version)}`,
    compactChanged: 'عُدّل في',
    unreachable: 'تعذّر الوصول إلى Vault. تحقّق من اتصالك، ثم أعد المحاولة.',
    tooSlow: 'استغرق Vault وقتًا طويلًا للرد.',
    unreadable: 'أرسل Vault ردًا تعذّرت قراءته. ربما تجري إعادة تشغيله.',
    noPermission: 'ليس لديك إذن بعرض قائمة مستندات هذا Vault.',
    refused: (type) => `رفض Vault الطلب (${isolate(type)}).`,
    unknownFailure: 'حدث خطأ أثناء تحميل المستندات.',
  },
  footer: {
    about:
      'يعرض Vault Docs إمكانات vault-session-kit. خزائن Vault فيه هي المحاكي المدمج، ولكل منها مضيف خاص خلف وكيل الحزمة (/vault/…، /auth)؛ ويمر تسجيل الدخول الموحّد عبر موفّر OpenID المخصص للتطوير في /oidc. لا يغادر أي شيء جهازك.',
    idle: (minutes) => `تسجيل الخروج بعد ${minuteCount(minutes)} من عدم النشاط.`,
    backToLong: 'العودة إلى مهلة الـ 30 دقيقة',
    tryShort: 'جرّب مهلًا قصيرة (دقيقتان) لرؤية التحذير',
    language: 'اللغة',
  },
  passwordReset: {
    heading: 'إعادة تعيين كلمة المرور',
    administrator:
      'في Vault Docs، يعيد مسؤول Vault تعيين كلمات المرور: يرسل إليك رابطًا لاختيار كلمة مرور جديدة. يُفتح الحساب المقفل من تلقاء نفسه بعد مدة، أو عندما يفتحه المسؤول.',
    demoUnlock:
      'في هذا العرض التوضيحي، يفتح Vault المدمج الحساب بعد 15 دقيقة من قفله، وكلمات مرور الحسابات التجريبية مدرجة في صفحة تسجيل الدخول.',
    passwordPage: 'غيّر كلمة المرور المنتهية الصلاحية في صفحة كلمة المرور الخاصة بـ Vault',
    back: 'العودة إلى تسجيل الدخول',
  },
};
