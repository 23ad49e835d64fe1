import type { DelegationMessages } from '../../components/i18n/DelegationMessages';

/**
 * The Japanese strings of `DelegationPicker` and `ActingAsBanner`. Lives outside the main
 * entry, so that only an application that imports it ships it.
 *
 * @example
 * ```tsx
 * import { jaDelegationMessages } from 'vault-session-kit/locales/ja';
 *
 * <ActingAsBanner messages={jaDelegationMessages} />
 * ```
 */
export const jaDelegationMessages: DelegationMessages = {
  heading: '代理アクセス',
  description: '代理アクセスを付与した同僚に代わって作業します。操作は両方の名前で記録されます。',
  loading: '代理アクセスを読み込んでいます…',
  loadFailed: '代理アクセスを読み込めませんでした。',
  retry: '再試行',
  empty: '代理アクセスはありません。',
  emptyHint: '同僚から Vault への代理アクセスが付与されると、ここに表示されます。',

  filterLabel: 'Vault または人で絞り込む',
  filterHint: '人の名前、Vault の名前、またはそのアドレスの一部を入力してください。',
  filterResults: ({ shown, total }) => `${total} 件中 ${shown} 件を表示`,
  noMatches: 'この条件に一致する代理アクセスはありません。',
  clearFilter: '絞り込みを解除',

  addressLabel: 'アドレス',
  delegatorLabel: '委任者',
  delegatorFallback: ({ userId }) => `ユーザー ID ${userId}`,

  actAs: '代理で操作',
  actAsLabel: ({ delegator, vault }) => `代理で操作：${vault} の ${delegator}`,
  current: '代理中',
  starting: ({ delegator, vault }) => `${vault} で ${delegator} の代理を開始しています…`,
  started: ({ delegator, vault }) => `${vault} で ${delegator} の代理として操作しています。`,
  startFailed: ({ delegator, vault }) => `${vault} で ${delegator} の代理を開始できませんでした。`,
  startDenied: 'この Vault でこのユーザーの代理アクセス権はなくなりました。',
  startUnavailable: 'サーバーに接続できませんでした。接続を確認して、もう一度お試しください。',

  bannerLabel: '代理セッション',
  actingAs: ({ delegator, vault, user }) =>
    `${vault} で ${delegator} の代理として操作中（あなたは ${user} です）`,
  stopActing: '代理を終了',
  stopping: '終了しています…',
  stopFailed: ({ delegator }) =>
    `Vault に接続できませんでした。引き続き ${delegator} の代理として操作中です。もう一度お試しください。`,
  stopped: ({ delegator, user }) =>
    `${delegator} の代理を終了しました。${user} として自分のセッションに戻りました。`,
  landedVault: ({ vault, asked }) =>
    `現在 ${vault} にいます。あなたのアカウントには ${asked} へのアクセス権がありません。`,
};
