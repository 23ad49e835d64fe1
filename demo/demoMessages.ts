/**
 * Every sentence the demo itself shows (the kit's components have their own catalogue).
 * Each language is one object of this type, so a missing or misspelled key is a type error.
 * Product names (Vault Docs, vault-session-kit), people, user names, vaults and passwords
 * are not in it: they read the same in every language.
 *
 * @example
 * ```ts
 * const t: DemoMessages = enDemoMessages;
 * t.documents.caption('Sunrise PromoMats'); // 'Documents in Sunrise PromoMats'
 * ```
 */
export interface DemoMessages {
  readonly brandTag: string;
  readonly skipToMain: string;
  readonly signIn: {
    readonly pageTitle: string;
    readonly intro: string;
    readonly chosenPassword: (username: string, password: string) => string;
    readonly chosenAnyPassword: (username: string) => string;
    readonly chosenSso: (
      username: string,
      provider: string,
      user: string,
      password: string,
    ) => string;
  };
  readonly accounts: {
    readonly heading: string;
    readonly intro: string;
    readonly use: string;
    readonly password: string;
    readonly anyPassword: string;
    readonly singleSignOn: string;
    readonly inTheForm: string;
    readonly ssoAt: (provider: string, user: string, password: string) => string;
    /** What signing in with each demo account shows, by user name. */
    readonly outcomes: Readonly<Record<DemoAccountOutcome, string>>;
  };
  readonly header: {
    readonly signedInAs: string;
    readonly inVault: string;
    readonly actingAs: (person: string) => string;
    readonly youAre: (username: string) => string;
    readonly vaultNumber: (id: string) => string;
    readonly userNumber: (id: string) => string;
    readonly delegations: string;
    readonly delegationsAvailable: (count: number) => string;
  };
  readonly documents: {
    readonly pageTitle: string;
    readonly heading: string;
    readonly onBehalfOf: (person: string) => string;
    readonly loading: (vault: string) => string;
    readonly failedTitle: string;
    readonly sessionStillActive: string;
    readonly tryAgain: string;
    readonly tryingAgain: string;
    readonly emptyTitle: string;
    readonly emptyBody: (vault: string) => string;
    readonly count: (total: number) => string;
    readonly refresh: string;
    /** The label of the field that narrows the list by name, title or number. */
    readonly filterLabel: string;
    /** Nothing in the list matches what was typed. */
    readonly noMatches: (filter: string) => string;
    readonly refreshing: string;
    readonly refreshFailed: (reason: string) => string;
    readonly caption: (vault: string) => string;
    readonly columnDocument: string;
    readonly columnNumber: string;
    readonly columnStatus: string;
    readonly columnVersion: string;
    readonly columnChanged: string;
    readonly compactVersion: (version: string) => string;
    readonly compactChanged: string;
    readonly unreachable: string;
    readonly tooSlow: string;
    readonly unreadable: string;
    readonly noPermission: string;
    readonly refused: (type: string) => string;
    readonly unknownFailure: string;
  };
  readonly footer: {
    readonly about: string;
    readonly idle: (minutes: number) => string;
    readonly backToLong: string;
    readonly tryShort: string;
    readonly language: string;
  };
  /** The demo's password-reset page (`password-reset.html`). */
  readonly passwordReset: {
    readonly heading: string;
    readonly administrator: string;
    readonly demoUnlock: string;
    readonly passwordPage: string;
    readonly back: string;
  };
}

/**
 * The demo accounts whose outcome the catalogue describes (their user names without the
 * domain).
 *
 * @example
 * ```ts
 * const who: DemoAccountOutcome = 'olivia';
 * ```
 */
export type DemoAccountOutcome = 'olivia' | 'marcus' | 'sam' | 'newhire' | 'locked' | 'inactive';

/**
 * The demo's English text: the source every translation follows.
 *
 * @example
 * ```ts
 * enDemoMessages.header.delegations; // 'Delegations'
 * ```
 */
export const enDemoMessages: DemoMessages = {
  brandTag: 'vault-session-kit demo',
  skipToMain: 'Skip to main content',
  signIn: {
    pageTitle: 'Sign in',
    intro:
      "Sign in to see your vault's documents. The session stays healthy on its own and ends cleanly when you sign out.",
    chosenPassword: (username, password) =>
      `Demo account ${username}: its password is ${password}.`,
    chosenAnyPassword: (username) =>
      `Demo account ${username}: any password gives the same answer.`,
    chosenSso: (username, provider, user, password) =>
      `Demo account ${username}: at ${provider}, sign in as ${user} with the password ${password}.`,
  },
  accounts: {
    heading: 'Demo accounts',
    intro:
      'The built-in vault knows these people. Choose one to put its user name in the form; type the password shown with it. A user name the vault does not know, or a wrong password, gets the same answer.',
    use: 'Use',
    password: 'password',
    anyPassword: 'any password',
    singleSignOn: 'single sign-on',
    inTheForm: 'In the form',
    ssoAt: (provider, user, password) => `At ${provider}, sign in as ${user} with ${password}.`,
    outcomes: {
      olivia: 'Sunrise PromoMats; may act for Marcus in QualityDocs.',
      marcus: 'Sunrise QualityDocs.',
      sam: 'Harbor Clinical; can switch to Harbor Safety without signing in again.',
      newhire:
        "Refused with the right password: it has expired. The form links the vault's password page to change it.",
      locked: 'Refused: the account is locked.',
      inactive: 'Refused: the account is inactive.',
    },
  },
  header: {
    signedInAs: 'Signed in as',
    inVault: ', in ',
    actingAs: (person) => `Acting as ${person}`,
    youAre: (username) => `you are ${username}`,
    vaultNumber: (id) => `Vault ${id}`,
    userNumber: (id) => `user ${id}`,
    delegations: 'Delegations',
    delegationsAvailable: (count) => `${count} available`,
  },
  documents: {
    pageTitle: 'Documents',
    heading: 'Documents',
    onBehalfOf: (person) => `On behalf of ${person}`,
    loading: (vault) => `Loading the documents of ${vault}…`,
    failedTitle: 'The documents could not be loaded',
    sessionStillActive: 'Your session is still active.',
    tryAgain: 'Try again',
    tryingAgain: 'Trying again…',
    emptyTitle: 'No documents yet',
    emptyBody: (vault) =>
      `${vault} has no documents you can see. Documents created in the vault, or shared with you, appear here.`,
    count: (total) =>
      `${total === 1 ? '1 document' : `${total} documents`}, most recently changed first`,
    refresh: 'Refresh',
    filterLabel: 'Filter documents',
    noMatches: (filter) => `No document matches “${filter}”.`,
    refreshing: 'Refreshing…',
    refreshFailed: (reason) =>
      `The list could not be refreshed: ${reason} It shows what was loaded before.`,
    caption: (vault) => `Documents in ${vault}`,
    columnDocument: 'Document',
    columnNumber: 'Number',
    columnStatus: 'Status',
    columnVersion: 'Version',
    columnChanged: 'Last changed',
    compactVersion: (version) => `version ${version}`,
    compactChanged: 'changed',
    unreachable: 'The vault could not be reached. Check your connection, then try again.',
    tooSlow: 'The vault took too long to answer.',
    unreadable: 'The vault sent an answer that could not be read. It may be restarting.',
    noPermission: 'You do not have permission to list the documents of this vault.',
    refused: (type) => `The vault refused the request (${type}).`,
    unknownFailure: 'Something went wrong while loading the documents.',
  },
  footer: {
    about:
      "Vault Docs demonstrates vault-session-kit. Its vaults are the built-in emulator, each at its own host behind the kit's proxy (/vault/…, /auth); single sign-on goes through the development OpenID Provider at /oidc. Nothing leaves your machine.",
    idle: (minutes) => `Inactivity sign-out after ${minutes} minutes.`,
    backToLong: 'Back to the 30-minute timeout',
    tryShort: 'Try short timeouts (2 minutes) to see the warning',
    language: 'Language',
  },
  passwordReset: {
    heading: 'Reset your password',
    administrator:
      'In Vault Docs, passwords are reset by your vault administrator: they send you a link to choose a new one. A locked account unlocks by itself after a while, or when the administrator unlocks it.',
    demoUnlock:
      "In this demo, the built-in vault unlocks an account 15 minutes after the lock, and the demo accounts' passwords are listed on the sign-in page.",
    passwordPage: "Change an expired password on the vault's own password page",
    back: 'Back to sign-in',
  },
};
