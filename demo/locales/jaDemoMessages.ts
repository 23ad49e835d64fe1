import type { DemoMessages } from '../demoMessages';

/**
 * The demo's text in Japanese.
 *
 * @example
 * ```ts
 * jaDemoMessages.header.delegations; // '代理アクセス'
 * ```
 */
export const jaDemoMessages: DemoMessages = {
  brandTag: 'vault-session-kit デモ',
  skipToMain: 'メインコンテンツへスキップ',
  signIn: {
    pageTitle: 'サインイン',
    intro:
      'サインインすると、Vault のドキュメントが表示されます。セッションは自動的に維持され、サインアウトすると確実に終了します。',
    chosenPassword: (username, password) =>
      `デモアカウント ${username}：パスワードは ${password} です。`,
    chosenAnyPassword: (username) =>
      `デモアカウント ${username}：どのパスワードでも同じ応答になります。`,
    chosenSso: (username, provider, user, password) =>
      `デモアカウント ${username}：${provider} でユーザー ${user}、パスワード ${password} でサインインしてください。`,
  },
  accounts: {
    heading: 'デモアカウント',
    intro:
      '内蔵の Vault はこれらのユーザーを認識しています。1 人を選ぶとユーザー名がフォームに入力されるので、横に表示されたパスワードを入力してください。Vault が認識しないユーザー名と誤ったパスワードには、同じ応答が返ります。',
    use: '使用：',
    password: 'パスワード',
    anyPassword: '任意のパスワード',
    singleSignOn: 'シングルサインオン',
    inTheForm: 'フォームに入力済み',
    ssoAt: (provider, user, password) =>
      `${provider} でユーザー ${user}、パスワード ${password} でサインインします。`,
    outcomes: {
      olivia: 'Sunrise PromoMats。QualityDocs で Marcus の代理を務められます。',
      marcus: 'Sunrise QualityDocs。',
      sam: 'Harbor Clinical。再ログインせずに Harbor Safety へ切り替えられます。',
      newhire:
        '正しいパスワードでも拒否されます（有効期限切れ）。フォームから Vault のパスワード変更ページに移動できます。',
      locked: '拒否：アカウントがロックされています。',
      inactive: '拒否：アカウントが無効です。',
    },
  },
  header: {
    signedInAs: 'サインイン中のアカウント:',
    inVault: '、Vault：',
    actingAs: (person) => `${person} の代理で操作中`,
    youAre: (username) => `あなたは ${username}`,
    vaultNumber: (id) => `Vault ${id}`,
    userNumber: (id) => `ユーザー ${id}`,
    delegations: '代理アクセス',
    delegationsAvailable: (count) => `${count} 件利用可能`,
  },
  documents: {
    pageTitle: 'ドキュメント',
    heading: 'ドキュメント',
    onBehalfOf: (person) => `${person} の代理`,
    loading: (vault) => `${vault} のドキュメントを読み込んでいます…`,
    failedTitle: 'ドキュメントを読み込めませんでした',
    sessionStillActive: 'セッションは引き続き有効です。',
    tryAgain: '再試行',
    tryingAgain: '再試行しています…',
    emptyTitle: 'ドキュメントはまだありません',
    emptyBody: (vault) =>
      `${vault} には表示できるドキュメントがありません。Vault で作成されたドキュメントや、あなたと共有されたドキュメントがここに表示されます。`,
    count: (total) => `${total} 件のドキュメント（更新日の新しい順）`,
    refresh: '更新',
    filterLabel: 'ドキュメントを絞り込む',
    noMatches: (filter) => `「${filter}」に一致するドキュメントはありません。`,
    refreshing: '更新しています…',
    refreshFailed: (reason) =>
      `一覧を更新できませんでした：${reason} 以前に読み込んだ内容を表示しています。`,
    caption: (vault) => `${vault} のドキュメント`,
    columnDocument: 'ドキュメント',
    columnNumber: '番号',
    columnStatus: 'ステータス',
    columnVersion: 'バージョン',
    columnChanged: '最終更新',
    compactVersion: (version) => `バージョン ${version}`,
    compactChanged: '更新日',
    unreachable: 'Vault に接続できませんでした。接続を確認してから、もう一度お試しください。',
    tooSlow: 'Vault の応答に時間がかかりすぎました。',
    unreadable: 'Vault から読み取れない応答が返されました。再起動中の可能性があります。',
    noPermission: 'この Vault のドキュメントを一覧表示する権限がありません。',
    refused: (type) => `Vault がリクエストを拒否しました（${type}）。`,
    unknownFailure: 'ドキュメントの読み込み中に問題が発生しました。',
  },
  footer: {
    about:
      'Vault Docs は vault-session-kit のデモです。Vault は内蔵のエミュレーターで、それぞれがキットのプロキシ（/vault/…、/auth）の背後にある独自のホストで動作します。シングルサインオンは /oidc の開発用 OpenID プロバイダーを経由します。データがこのコンピューターの外に出ることはありません。',
    idle: (minutes) => `操作がないまま ${minutes} 分経つとサインアウトします。`,
    backToLong: '30 分のタイムアウトに戻す',
    tryShort: '短いタイムアウト（2 分）で警告を確認する',
    language: '言語',
  },
  passwordReset: {
    heading: 'パスワードのリセット',
    administrator:
      'Vault Docs では、パスワードは Vault の管理者がリセットします。管理者から新しいパスワードを設定するためのリンクが送られます。ロックされたアカウントは、しばらくすると自動的に、または管理者が解除するとロックが解除されます。',
    demoUnlock:
      'このデモでは、内蔵の Vault はロックから 15 分後にアカウントのロックを解除します。デモアカウントのパスワードはサインインページに記載されています。',
    passwordPage: '期限切れのパスワードを Vault のパスワードページで変更する',
    back: 'サインインに戻る',
  },
};
