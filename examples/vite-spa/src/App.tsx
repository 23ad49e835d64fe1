import {
  ActingAsBanner,
  DelegationPicker,
  LoginForm,
  RequireSession,
  SessionProvider,
  SignOutButton,
  useSession,
} from 'vault-session-kit';

// Names for the user IDs of people who granted delegate access, as your directory has them.
const PEOPLE = { '61002': 'Marcus Reed' };

export function App() {
  return (
    <SessionProvider
      credentials="proxy" // BFF mode: the proxy keeps the session ID
      config={{
        authUrl: '', // the proxy's /auth/* on this origin
        vaultUrl: '/vault/{dns}', // the proxy's route to each vault
        vaultDns: 'promomats.sunrise.example', // the vault users sign in to with a password
        // A user whose account is in another vault (sam, with single sign-on, in Harbor
        // Clinical) is signed in there: the session is accepted where the service put it.
        validateDns: false,
        // The client ID your vault's single sign-on profile knows (the development
        // provider's is vault-session-kit-demo); in BFF mode the proxy runs the sign-in.
        clientId: 'vault-session-kit-demo',
      }}
    >
      <Pages />
    </SessionProvider>
  );
}

// What the app shows under its session; a test can hand it a session of its own.
export function Pages() {
  return (
    <>
      <ActingAsBanner delegatorNames={PEOPLE} />
      <RequireSession fallback={<LoginForm />}>
        <Documents />
      </RequireSession>
    </>
  );
}

function Documents() {
  const { user, vault } = useSession();
  return (
    <main>
      <h1>
        Documents of {user?.username} in {vault?.name}
      </h1>
      <DelegationPicker delegatorNames={PEOPLE} />
      <SignOutButton />
    </main>
  );
}
