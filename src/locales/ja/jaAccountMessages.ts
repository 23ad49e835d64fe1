import type { AccountMessages } from '../../components/i18n/AccountMessages';

/**
 * ボールトの切り替えと記憶したユーザー名の日本語の文言。メインのエントリーの外にあるため、
 * インポートしたアプリケーションだけが含めます。
 *
 * @example
 * ```tsx
 * import { jaAccountMessages } from 'vault-session-kit/locales/ja';
 *
 * <VaultSwitcher messages={jaAccountMessages} />
 * ```
 */
export const jaAccountMessages: AccountMessages = {
  toggleLabel: ({ vault }) => `${vault}（現在のボールト）：ボールトを切り替える`,
  switchVault: 'ボールトを切り替える',
  currentVault: '現在のボールト',
  switchToLabel: ({ vault }) => `${vault}：このボールトに切り替える`,
  actingNotice: 'ボールトを切り替えると、先に他のユーザーの代理としての操作を終了します。',
  passwordHeading: ({ vault }) => `${vault} に切り替える`,
  passwordIntro: ({ vault, user }) =>
    `${vault} を開くには、${user} のパスワードを入力してください。`,
  usernameLabel: 'ユーザー名',
  passwordLabel: 'パスワード',
  showPassword: 'パスワードを表示',
  hidePassword: 'パスワードを隠す',
  submit: 'ボールトを切り替える',
  cancel: ({ current }) => `${current} にとどまる`,
  switching: ({ vault }) => `${vault} を開いています…`,
  redirecting: ({ vault }) => `${vault} を開くため、サインインサービスに移動しています…`,
  switched: ({ vault }) => `現在 ${vault} にいます。`,
  stayed: ({ current }) => `引き続き ${current} にいます。`,
  passwordRequired: 'パスワードを入力してください。',
  wrongPassword: ({ current }) =>
    `パスワードが正しくありません。もう一度入力するか、${current} にとどまってください。`,
  notAvailable: ({ vault, current }) =>
    `お使いのアカウントでは ${vault} を開けません。引き続き ${current} にいます。`,
  failed: ({ vault, current }) =>
    `現在 ${vault} を開けません。引き続き ${current} にいます。しばらくしてからもう一度お試しください。`,
  failedSignedOut: ({ vault }) => `${vault} を開けず、サインアウトされました。`,
  rememberedHeading: 'このブラウザーで以前サインインしたユーザー',
  continueAs: ({ user }) => `${user}：このユーザー名で続ける`,
  forgetLabel: ({ user }) => `${user} をこの一覧から削除`,
  forgotten: ({ user }) => `${user} をこの一覧から削除しました。`,
  signOutAndForget: 'サインアウトして記憶を消去',
};
