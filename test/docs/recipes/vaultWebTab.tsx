// docs/vault-web-tab.md: the user's own choice to sign out of the vault around the app as
// well. Type-checked with the rest of the tests.
import { SignOutButton, useSession } from '../../../src/index';

function SignOutButtons() {
  const { lent } = useSession();
  return (
    <>
      <SignOutButton />
      {lent && <SignOutButton endLentSession />}
    </>
  );
}

export { SignOutButtons };
