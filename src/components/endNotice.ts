import type { SessionEndReason } from '../core/session/types';
import type { LoginMessages } from './i18n/LoginMessages';

/**
 * What the login form says on its first step about the session that just ended.
 */
export function endNotice(reason: SessionEndReason, t: LoginMessages): string {
  switch (reason) {
    case 'expired':
      return t.sessionExpired;
    case 'invalid-session':
      return t.sessionInvalid;
    case 'vault-ended':
      return t.vaultEnded;
    case 'remote-sign-out':
      return t.signedOutElsewhere;
    case 'inactive':
      return t.signedOutInactive;
    default:
      return t.signedOut;
  }
}
