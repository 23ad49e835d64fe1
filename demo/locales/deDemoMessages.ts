import type { DemoMessages } from '../demoMessages';

/**
 * The demo's text in German.
 *
 * @example
 * ```ts
 * deDemoMessages.header.delegations; // 'Vertretungen'
 * ```
 */
export const deDemoMessages: DemoMessages = {
  brandTag: 'Demo von vault-session-kit',
  skipToMain: 'Zum Hauptinhalt springen',
  signIn: {
    pageTitle: 'Anmelden',
    intro:
      'Melden Sie sich an, um die Dokumente Ihres Vaults zu sehen. Die Sitzung bleibt von selbst aktiv und endet sauber, wenn Sie sich abmelden.',
    chosenPassword: (username, password) =>
      `Demokonto ${username}: Das Passwort lautet ${password}.`,
    chosenAnyPassword: (username) =>
      `Demokonto ${username}: Jedes Passwort führt zur selben Antwort.`,
    chosenSso: (username, provider, user, password) =>
      `Demokonto ${username}: Melden Sie sich bei ${provider} als ${user} mit dem Passwort ${password} an.`,
  },
  accounts: {
    heading: 'Demokonten',
    intro:
      'Der eingebaute Vault kennt diese Personen. Wählen Sie eine aus, um ihren Benutzernamen in das Formular zu übernehmen, und geben Sie das angezeigte Passwort ein. Ein unbekannter Benutzername und ein falsches Passwort erhalten dieselbe Antwort.',
    use: 'Verwenden:',
    password: 'Passwort',
    anyPassword: 'beliebiges Passwort',
    singleSignOn: 'Single Sign-on',
    inTheForm: 'Im Formular',
    ssoAt: (provider, user, password) =>
      `Melden Sie sich bei ${provider} als ${user} mit ${password} an.`,
    outcomes: {
      olivia: 'Sunrise PromoMats; darf Marcus in QualityDocs vertreten.',
      marcus: 'Sunrise QualityDocs.',
      sam: 'Harbor Clinical; kann ohne erneute Anmeldung zu Harbor Safety wechseln.',
      newhire:
        'Trotz richtigem Passwort abgelehnt: Es ist abgelaufen. Das Formular verweist zum Ändern auf die Passwortseite des Vaults.',
      locked: 'Abgelehnt: Das Konto ist gesperrt.',
      inactive: 'Abgelehnt: Das Konto ist inaktiv.',
    },
  },
  header: {
    signedInAs: 'Angemeldet als',
    inVault: ', in ',
    actingAs: (person) => `Sie handeln als ${person}`,
    youAre: (username) => `Sie sind ${username}`,
    vaultNumber: (id) => `Vault ${id}`,
    userNumber: (id) => `Benutzer ${id}`,
    delegations: 'Vertretungen',
    delegationsAvailable: (count) => `${count} verfügbar`,
  },
  documents: {
    pageTitle: 'Dokumente',
    heading: 'Dokumente',
    onBehalfOf: (person) => `Im Auftrag von ${person}`,
    loading: (vault) => `Dokumente von ${vault} werden geladen …`,
    failedTitle: 'Die Dokumente konnten nicht geladen werden',
    sessionStillActive: 'Ihre Sitzung ist weiterhin aktiv.',
    tryAgain: 'Erneut versuchen',
    tryingAgain: 'Neuer Versuch …',
    emptyTitle: 'Noch keine Dokumente',
    emptyBody: (vault) =>
      `In ${vault} gibt es keine Dokumente, die Sie sehen können. Dokumente, die im Vault erstellt oder für Sie freigegeben werden, erscheinen hier.`,
    count: (total) =>
      `${total === 1 ? '1 Dokument' : `${total} Dokumente`}, zuletzt geänderte zuerst`,
    refresh: 'Aktualisieren',
    filterLabel: 'Dokumente filtern',
    noMatches: (filter) => `Kein Dokument passt zu „${filter}“.`,
    refreshing: 'Wird aktualisiert …',
    refreshFailed: (reason) =>
      `Die Liste konnte nicht aktualisiert werden: ${reason} Sie zeigt den zuvor geladenen Stand.`,
    caption: (vault) => `Dokumente in ${vault}`,
    columnDocument: 'Dokument',
    columnNumber: 'Nummer',
    columnStatus: 'Status',
    columnVersion: 'Version',
    columnChanged: 'Zuletzt geändert',
    compactVersion: (version) => `Version ${version}`,
    compactChanged: 'geändert',
    unreachable:
      'Der Vault ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es dann erneut.',
    tooSlow: 'Der Vault hat zu lange für die Antwort gebraucht.',
    unreadable:
      'Der Vault hat eine Antwort gesendet, die nicht gelesen werden konnte. Möglicherweise startet er gerade neu.',
    noPermission: 'Sie sind nicht berechtigt, die Dokumente dieses Vaults aufzulisten.',
    refused: (type) => `Der Vault hat die Anfrage abgelehnt (${type}).`,
    unknownFailure: 'Beim Laden der Dokumente ist ein Fehler aufgetreten.',
  },
  footer: {
    about:
      'Vault Docs zeigt vault-session-kit in Aktion. Die Vaults sind der eingebaute Emulator, jeder unter einem eigenen Host hinter dem Proxy des Kits (/vault/…, /auth); Single Sign-on läuft über den OpenID Provider für die Entwicklung unter /oidc. Nichts verlässt Ihren Rechner.',
    idle: (minutes) => `Abmeldung nach ${minutes} Minuten Inaktivität.`,
    backToLong: 'Zurück zum 30-Minuten-Zeitlimit',
    tryShort: 'Kurze Zeitlimits (2 Minuten) ausprobieren, um die Warnung zu sehen',
    language: 'Sprache',
  },
  passwordReset: {
    heading: 'Passwort zurücksetzen',
    administrator:
      'In Vault Docs setzt Ihre Vault-Administration Passwörter zurück: Sie erhalten einen Link, über den Sie ein neues wählen. Ein gesperrtes Konto wird nach einer Weile von selbst entsperrt oder wenn die Administration es entsperrt.',
    demoUnlock:
      'In dieser Demo entsperrt der eingebaute Vault ein Konto 15 Minuten nach der Sperre, und die Passwörter der Demokonten stehen auf der Anmeldeseite.',
    passwordPage: 'Ein abgelaufenes Passwort auf der Passwortseite des Vaults ändern',
    back: 'Zurück zur Anmeldung',
  },
};
