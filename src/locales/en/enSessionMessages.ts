import type { SessionMessages } from '../../components/i18n/SessionMessages';

/**
 * English session strings (the default).
 *
 * @example
 * ```tsx
 * <SessionExpiryDialog messages={{ ...enSessionMessages, signInAgain: 'Log in again' }} />
 * ```
 */
export const enSessionMessages: SessionMessages = {
  locale: 'en',

  signOut: 'Sign out',
  signOutOfVault: 'Sign out of the vault too',
  signingOut: 'Signing out…',

  timerIdle: ({ time }) => `Inactivity sign-out in ${time}`,
  timerCap: ({ time }) => `Session ends in ${time}`,
  timerIdleAnnouncement: ({ time }) => `You will be signed out for inactivity in ${time}.`,
  timerCapAnnouncement: ({ time }) => `Your session ends in ${time}. It cannot be extended.`,

  idleTitle: 'Are you still there?',
  idleBody: ({ time }) =>
    `For your security, you will be signed out in ${time} because there has been no activity. Do you want to stay signed in?`,
  staySignedIn: 'Stay signed in',
  extending: 'Staying signed in…',
  extendFailed: 'The server could not be reached. Your session is still active; please try again.',
  idleAnnouncement: ({ time }) => `You will be signed out in ${time}.`,

  unreliableTitle: 'The connection is unreliable',
  unreliableBody:
    'The vault service cannot be reached to keep your session alive. You stay signed in and nothing is lost; the connection is retried in the background.',
  retryConnection: 'Try again now',
  retryingConnection: 'Trying…',

  capTitle: 'Your session is about to end',
  capBody: ({ time, limit }) =>
    `Sessions last at most ${limit} and cannot be extended. Yours ends in ${time}. Save your work; you will need to sign in again.`,
  continueSession: 'Continue until then',
  signOutNow: 'Sign out now',
  capAnnouncement: ({ time }) => `Your session ends in ${time}.`,

  capRenewBody: ({ time, limit }) =>
    `Sessions last at most ${limit}. Yours ends in ${time}, but your organisation's sign-in can start a new one without a form: choose "Stay signed in" and you keep your place and anything you have entered.`,
  renewing: 'Signing you in again…',
  capRenewFailedBody: ({ time }) =>
    `Your organisation's sign-in did not allow a new session. Yours ends in ${time}. Save your work; you will need to sign in again.`,

  expiredTitle: 'Your session has ended',
  expiredBody: ({ limit }) =>
    `For your security, every session ends after ${limit}. Sign in again to continue.`,
  invalidTitle: 'Your session has ended',
  invalidBody:
    'The server no longer accepts your session, for example after a long period without activity or a sign-out elsewhere. Sign in again to continue.',
  vaultEndedTitle: 'Your vault ended your session',
  vaultEndedBody:
    'The vault this app is open in has ended your session, for example 48 hours after you signed in to it or after a sign-out there. Reload the vault page or sign in again to continue.',
  idleEndedTitle: 'You have been signed out',
  idleEndedBody:
    'You were signed out automatically because there was no activity for a while. Sign in again to continue.',
  renewalRefusedBody:
    "Your session reached its time limit and your organisation's sign-in did not allow a new one without signing in. Sign in again to continue.",
  renewalSignedOutBody:
    'Your session reached its time limit and you are no longer signed in with your organisation. Sign in again to continue.',
  renewalConsentBody:
    'Your session reached its time limit and your organisation no longer lets this application sign you in. Sign in again to continue.',
  signInAgain: 'Sign in again',
};
