import type { LoginMessages } from '../../components/i18n/LoginMessages';

/**
 * The Japanese strings of `LoginForm`. Japanese has no plural forms, so counts need no
 * choice of word. Lives outside the main entry, so that only an application that imports
 * it ships it.
 *
 * @example
 * ```tsx
 * import { jaLoginMessages } from 'vault-session-kit/locales/ja';
 *
 * <VaultMessagesProvider messages={{ login: jaLoginMessages }}>
 *   <LoginForm />
 * </VaultMessagesProvider>
 * ```
 */
export const jaLoginMessages: LoginMessages = {
  title: 'サインイン',
  usernameLabel: 'ユーザー名',
  usernameHint: '通常は仕事用のメールアドレスです。',
  continue: '次へ',
  passwordHeading: 'パスワードを入力',
  signingInAs: 'サインインするアカウント:',
  notYou: '別のアカウントを使う',
  passwordLabel: 'パスワード',
  showPassword: 'パスワードを表示',
  hidePassword: 'パスワードを隠す',
  vaultLabel: 'Vault',
  signIn: 'サインイン',
  ssoHeading: '所属組織のアカウントでサインイン',
  ssoIntro:
    'サインインは所属組織が行います。組織のサインインページに移動し、完了後にこのページに戻ります。',
  ssoContinueWith: ({ label }) => `${label} で続行`,
  ssoPortalOnly:
    '所属組織では独自のポータルからサインインします。組織のポータルまたはアプリランチャーから Vault を開いてください。',
  ssoRedirecting: '所属組織のサインインページに移動しています…',
  ssoCompleting: 'サインインを完了しています…',
  signedInHeading: 'サインイン済み',
  signedInAs: 'サインイン中のアカウント:',
  usernameRequired: 'ユーザー名を入力してください。',
  passwordRequired: 'パスワードを入力してください。',
  incorrectCredentials: 'ユーザー名またはパスワードが正しくありません。',
  lockoutWarning:
    'ユーザー名またはパスワードが正しくありません。誤ったパスワードをさらに続けて入力すると、アカウントがしばらくロックされます。',
  lockedOut:
    'このアカウントはロックされています。しばらくしてからもう一度お試しいただくか、Vault 管理者にロックの解除を依頼してください。',
  passwordChangeRequired:
    'パスワードの有効期限が切れています。Vault の Web 画面でパスワードを変更してから、新しいパスワードでここからサインインしてください。',
  changePassword: 'パスワードを変更',
  resetPassword: 'パスワードをお忘れですか？ 再設定する',
  inactiveUser: 'このアカウントは無効になっています。Vault 管理者に再有効化を依頼してください。',
  rateLimited: ({ seconds }) =>
    `サインインの試行回数が多すぎます。${seconds} 秒待ってから、もう一度お試しください。`,
  retryCountdown: ({ seconds }) => `${seconds} 秒後にもう一度お試しいただけます。`,
  retryReady: 'もう一度お試しいただけます。',
  networkError: 'Vault に接続できませんでした。接続を確認してから、もう一度お試しください。',
  timeout: 'Vault の応答に時間がかかりすぎました。もう一度お試しください。',
  serviceUnavailable:
    'Vault が現在正常に応答していません。しばらくしてからもう一度お試しください。',
  setupError: 'このサイトのサインイン設定が正しくありません。サイトの管理者に連絡してください。',
  unexpectedError: 'サインイン中に問題が発生しました。もう一度お試しください。',
  tryAgain: '再試行',
  vaultNoAccess: ({ vault }) =>
    `${vault} へのアクセス権がありません。別の Vault を選択するか、Vault 管理者にアクセス権を依頼してください。`,
  vaultElsewhere: ({ vault, actual }) =>
    `${vault} へのアクセス権がありません。あなたのアカウントは ${actual} にあります。`,
  ssoCancelled:
    '所属組織でのサインインがキャンセルされました。準備ができたらもう一度お試しください。',
  ssoRestart:
    'このサインインは有効期限が切れたか、別のウィンドウで開始されました。最初からやり直してください。',
  ssoVaultElsewhere:
    '組織によるサインインは完了しましたが、このサイトが使用する Vault へのアクセス権がありません。Vault 管理者にアクセス権を依頼してください。',
  ssoFailed:
    '所属組織でのサインインを完了できませんでした。もう一度お試しください。問題が続く場合は管理者にお問い合わせください。',
  sessionExpired:
    'セッションが上限の 48 時間に達したため終了しました。続けるにはもう一度サインインしてください。',
  sessionInvalid: 'セッションが終了しました。続けるにはもう一度サインインしてください。',
  vaultEnded:
    'このアプリを開いている Vault がセッションを終了しました。続けるには Vault のページを再読み込みするか、もう一度サインインしてください。',
  webTabConnecting: 'Vault に接続しています…',
  webTabNoSession:
    'Vault からセッションが引き渡されませんでした。続けるにはサインインしてください。',
  webTabSessionRefused:
    'Vault のセッションをここでは使用できません。終了している可能性があります。続けるにはサインインしてください。',
  signedOut: 'サインアウトしました。',
  signedOutInactive:
    '一定時間操作がなかったため、サインアウトされました。続けるにはサインインしてください。',
  signedOutElsewhere: '別のウィンドウでサインアウトされました。',
};
