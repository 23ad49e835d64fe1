'use client';
import { ActingAsBanner, DelegationPicker, SignOutButton, useSession } from 'vault-session-kit';

// Names for the user IDs of people who granted delegate access, as your directory has them.
const PEOPLE = { '61002': 'Marcus Reed' };

export function Documents() {
  const { user, vault } = useSession();
  return (
    <>
      <ActingAsBanner delegatorNames={PEOPLE} />
      <p>
        Signed in as {user?.username} in {vault?.name}
      </p>
      <DelegationPicker delegatorNames={PEOPLE} />
      <SignOutButton />
    </>
  );
}
