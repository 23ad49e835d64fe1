import type { DelegationMessages } from '../../components/i18n/DelegationMessages';
import { isolate } from './isolate';

/**
 * The Arabic strings of `DelegationPicker` and `ActingAsBanner`. Names and vaults are
 * isolated from the right-to-left text around them. Lives outside the main entry, so that
 * only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { arDelegationMessages } from 'vault-session-kit/locales/ar';
 *
 * <ActingAsBanner messages={arDelegationMessages} />
 * ```
 */
export const arDelegationMessages: DelegationMessages = {
  heading: 'الوصول المفوَّض',
  description: 'اعمل نيابةً عن زميل منحك حق الوصول المفوَّض. يُسجَّل كل ما تفعله باسمَيكما معًا.',
  loading: 'جارٍ تحميل صلاحيات الوصول المفوَّض…',
  loadFailed: 'تعذّر تحميل صلاحيات الوصول المفوَّض.',
  retry: 'إعادة المحاولة',
  empty: 'ليس لديك أي وصول مفوَّض.',
  emptyHint: 'عندما يمنحك زميل حق الوصول المفوَّض إلى Vault، سيظهر هنا.',

  filterLabel: 'التصفية حسب Vault أو الشخص',
  filterHint: 'اكتب جزءًا من اسم شخص أو اسم Vault أو عنوانه.',
  filterResults: ({ shown, total }) => `عرض ${shown} من ${total}`,
  noMatches: 'لا يوجد وصول مفوَّض يطابق عامل التصفية هذا.',
  clearFilter: 'مسح عامل التصفية',

  addressLabel: 'العنوان',
  delegatorLabel: 'نيابةً عن',
  delegatorFallback: ({ userId }) => `معرّف المستخدم ${isolate(userId)}`,

  actAs: 'التصرف نيابةً',
  actAsLabel: ({ delegator, vault }) =>
    `التصرف نيابةً عن ${isolate(delegator)} في ${isolate(vault)}`,
  current: 'قيد الاستخدام',
  starting: ({ delegator, vault }) =>
    `جارٍ بدء التصرف نيابةً عن ${isolate(delegator)} في ${isolate(vault)}…`,
  started: ({ delegator, vault }) =>
    `أنت الآن تتصرف نيابةً عن ${isolate(delegator)} في ${isolate(vault)}.`,
  startFailed: ({ delegator, vault }) =>
    `تعذّر التصرف نيابةً عن ${isolate(delegator)} في ${isolate(vault)}.`,
  startDenied: 'لم يعد لديك وصول مفوَّض من هذا الشخص في هذا الـ Vault.',
  startUnavailable: 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك، ثم حاول مرة أخرى.',

  bannerLabel: 'جلسة مفوَّضة',
  actingAs: ({ delegator, vault, user }) =>
    `تتصرف نيابةً عن ${isolate(delegator)} في ${isolate(vault)}، وأنت ${isolate(user)}`,
  stopActing: 'إيقاف التصرف نيابةً',
  stopping: 'جارٍ الإيقاف…',
  stopFailed: ({ delegator }) =>
    `تعذّر الوصول إلى Vault: ما زلت تتصرف نيابةً عن ${isolate(delegator)}. حاول مرة أخرى.`,
  stopped: ({ delegator, user }) =>
    `توقفت عن التصرف نيابةً عن ${isolate(delegator)}. عدت إلى جلستك الخاصة باسم ${isolate(user)}.`,
  landedVault: ({ vault, asked }) =>
    `أنت في ${isolate(vault)}: ليس لحسابك وصول إلى ${isolate(asked)}.`,
};
