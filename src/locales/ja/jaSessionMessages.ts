import type { SessionMessages } from '../../components/i18n/SessionMessages';

/**
 * The Japanese strings of `SessionTimer`, `SessionExpiryDialog` and `SignOutButton`;
 * durations are formatted for `ja`. Lives outside the main entry, so that only an
 * application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { jaSessionMessages } from 'vault-session-kit/locales/ja';
 *
 * <SessionTimer messages={jaSessionMessages} />
 * ```
 */
export const jaSessionMessages: SessionMessages = {
  locale: 'ja',

  signOut: 'サインアウト',
  signOutOfVault: 'Vault からもサインアウト',
  signingOut: 'サインアウトしています…',

  timerIdle: ({ time }) => `無操作によるサインアウトまで ${time}`,
  timerCap: ({ time }) => `セッション終了まで ${time}`,
  timerIdleAnnouncement: ({ time }) => `操作がないため、${time}後にサインアウトされます。`,
  timerCapAnnouncement: ({ time }) => `セッションは ${time}後に終了します。延長はできません。`,

  idleTitle: '操作を続けますか？',
  idleBody: ({ time }) =>
    `操作が行われていないため、セキュリティ保護のため ${time}後にサインアウトされます。サインインしたままにしますか？`,
  staySignedIn: 'サインインしたままにする',
  extending: 'セッションを延長しています…',
  extendFailed:
    'サーバーに接続できませんでした。セッションはまだ有効です。もう一度お試しください。',
  idleAnnouncement: ({ time }) => `${time}後にサインアウトされます。`,

  unreliableTitle: '接続が不安定です',
  unreliableBody:
    'セッションを維持するための Vault サービスに接続できません。サインインしたままで、作業内容が失われることはありません。接続はバックグラウンドで再試行されます。',
  retryConnection: '今すぐ再試行',
  retryingConnection: '再試行しています…',

  capTitle: 'まもなくセッションが終了します',
  capBody: ({ time, limit }) =>
    `セッションの有効期間は最長 ${limit} で、延長できません。このセッションは ${time}後に終了します。作業内容を保存してください。終了後はもう一度サインインが必要です。`,
  continueSession: 'それまで続ける',
  signOutNow: '今すぐサインアウト',
  capAnnouncement: ({ time }) => `セッションは ${time}後に終了します。`,

  capRenewBody: ({ time, limit }) =>
    `セッションの有効期間は最長 ${limit} です。このセッションは ${time}後に終了しますが、組織のサインインでフォームなしに新しいセッションを開始できます。「サインインしたままにする」を選ぶと、今の画面と入力中の内容はそのまま残ります。`,
  renewing: 'もう一度サインインしています…',
  capRenewFailedBody: ({ time }) =>
    `組織のサインインで新しいセッションを開始できませんでした。このセッションは ${time}後に終了します。作業内容を保存してください。終了後はもう一度サインインが必要です。`,

  expiredTitle: 'セッションが終了しました',
  expiredBody: ({ limit }) =>
    `セキュリティ保護のため、すべてのセッションは ${limit}で終了します。続けるにはもう一度サインインしてください。`,
  invalidTitle: 'セッションが無効になりました',
  invalidBody:
    'サーバーがこのセッションを受け付けなくなりました（長時間操作がなかった場合や、別の場所でサインアウトした場合など）。続けるにはもう一度サインインしてください。',
  vaultEndedTitle: 'Vault がセッションを終了しました',
  vaultEndedBody:
    'このアプリを開いている Vault がセッションを終了しました（Vault にサインインしてから 48 時間が経過した場合や、Vault でサインアウトした場合など）。続けるには Vault のページを再読み込みするか、もう一度サインインしてください。',
  idleEndedTitle: 'サインアウトされました',
  idleEndedBody:
    'しばらく操作がなかったため、自動的にサインアウトされました。続けるにはもう一度サインインしてください。',
  renewalRefusedBody:
    'セッションが有効期間の上限に達しましたが、組織のサインインでは、サインインし直さずに新しいセッションを開始することが許可されませんでした。続けるにはもう一度サインインしてください。',
  renewalSignedOutBody:
    'セッションが有効期間の上限に達しました。組織でのサインインが終了しているため、新しいセッションを開始できませんでした。続けるにはもう一度サインインしてください。',
  renewalConsentBody:
    'セッションが有効期間の上限に達しました。組織がこのアプリケーションによるサインインを許可しなくなったため、新しいセッションを開始できませんでした。続けるにはもう一度サインインしてください。',
  signInAgain: 'もう一度サインイン',
};
