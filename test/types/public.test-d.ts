// The public types of the React entry as apps write against them: a change that breaks
// code like this fails here before it fails in an app.
import {
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { describe, expectTypeOf, test } from 'vitest';
import { memoryStorageAdapter, sessionStorageAdapter } from '../../src/core/index';
import type * as Kit from '../../src/index';
import {
  type ApiVersions,
  type DelegatedVault,
  type DelegationPicker,
  type DelegationTarget,
  type DiscoveryResult,
  isSessionInvalidError,
  isTransientError,
  type LoginCredentials,
  type LoginForm,
  type LoginVariables,
  type SessionProviderProps,
  type SessionSnapshot,
  type SessionStatus,
  type SsoLoginInput,
  type useApiVersions,
  type useDelegatedLogin,
  type useDelegations,
  useDiscovery,
  type useLogin,
  type useLogout,
  useSession,
  type useSsoLogin,
  type VaultApiError,
  type VaultClient,
  type VaultError,
  VaultError as VaultErrorClass,
  type VaultErrorKind,
  type VaultErrorType,
  type VaultSession,
  type VaultUnexpectedError,
} from '../../src/index';
import {
  apiVersionsQueryOptions,
  delegationsQueryOptions,
  discoveryQueryOptions,
} from '../../src/query/index';

declare const client: VaultClient;
declare const session: VaultSession;
declare const queryClient: QueryClient;
const config = { baseUrl: '', clientId: 'sunrise-docs-portal' };

describe('SessionProvider props', () => {
  test('take a config, a client or a ready session', () => {
    expectTypeOf({ config }).toExtend<SessionProviderProps>();
    expectTypeOf({ client }).toExtend<SessionProviderProps>();
    expectTypeOf({ session }).toExtend<SessionProviderProps>();
  });

  test('refuse two of config, client and session at once', () => {
    // @ts-expect-error a session already has its client and settings
    const configAndSession: SessionProviderProps = { config, session };
    // @ts-expect-error a client and the settings to make another one
    const configAndClient: SessionProviderProps = { config, client };
    // @ts-expect-error a session already has its client
    const clientAndSession: SessionProviderProps = { client, session };
    // @ts-expect-error one of the three is needed
    const none: SessionProviderProps = {};
    void [configAndSession, configAndClient, clientAndSession, none];
  });

  test('take session settings beside a config or a client, not beside a session', () => {
    const storage = sessionStorageAdapter();
    const withConfig: SessionProviderProps = { config, storage, warnBeforeMs: 600_000 };
    const withClient: SessionProviderProps = { client, storage: memoryStorageAdapter() };
    // @ts-expect-error a ready session was created with its storage
    const withSession: SessionProviderProps = { session, storage };
    // Not only in a literal: settings gathered elsewhere are refused beside a session too.
    const settings = { storage, keepAlive: false as const };
    // @ts-expect-error a ready session was created with its settings
    const spreadBesideSession: SessionProviderProps = { session, ...settings };
    const props = { session, warnBeforeMs: 600_000 };
    // @ts-expect-error a variable is checked like a literal
    const variableBesideSession: SessionProviderProps = props;
    void [withConfig, withClient, withSession, spreadBesideSession, variableBesideSession];
  });
});

describe('useLogin', () => {
  type Login = ReturnType<typeof useLogin>;

  test('mutate, mutateAsync and login take the credentials', () => {
    expectTypeOf<Login['mutate']>().parameter(0).toEqualTypeOf<LoginCredentials>();
    expectTypeOf<Login['mutateAsync']>().parameter(0).toEqualTypeOf<LoginCredentials>();
    expectTypeOf<Login['login']>().parameter(0).toEqualTypeOf<LoginCredentials>();
    expectTypeOf<Login['mutateAsync']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<Login['login']>().returns.toEqualTypeOf<Promise<void>>();
  });

  test('credentials need a user name and a password', () => {
    const login = {} as Login;
    login.mutate({ username: 'olivia@sunrise.example', password: 'x' });
    login.mutate({ username: 'olivia@sunrise.example', password: 'x', vaultDns: 'q.example' });
    // @ts-expect-error the password is required
    login.mutate({ username: 'olivia@sunrise.example' });
    // @ts-expect-error the user name is required
    void login.login({ password: 'x' });
  });

  test('variables show the user name and vault, never the password', () => {
    expectTypeOf<Login['variables']>().toEqualTypeOf<LoginVariables | undefined>();
    expectTypeOf<keyof LoginVariables>().toEqualTypeOf<'username' | 'vaultDns'>();
    expectTypeOf<LoginVariables>().not.toHaveProperty('password');
  });

  test('error is a VaultError or null', () => {
    expectTypeOf<Login['error']>().toEqualTypeOf<VaultError | null>();
  });
});

describe('useSession', () => {
  test('returns the snapshot with its status', () => {
    expectTypeOf(useSession).returns.toEqualTypeOf<SessionSnapshot>();
    expectTypeOf<SessionSnapshot['status']>().toEqualTypeOf<SessionStatus>();
    expectTypeOf<SessionStatus>().toEqualTypeOf<
      'signed-out' | 'signing-in' | 'active' | 'delegated' | 'expiring' | 'expired' | 'ended'
    >();
  });

  test('the snapshot carries no session ID', () => {
    expectTypeOf<SessionSnapshot>().not.toHaveProperty('sessionId');
    expectTypeOf<Extract<keyof SessionSnapshot, `${string}essionId${string}`>>().toBeNever();
  });
});

describe('query hooks: TanStack query result plus a named action', () => {
  test('useDelegations gives the delegated vaults and refresh()', () => {
    type Delegations = ReturnType<typeof useDelegations>;
    expectTypeOf<Delegations>().toExtend<UseQueryResult<DelegatedVault[], VaultError>>();
    expectTypeOf<Delegations['data']>().toEqualTypeOf<DelegatedVault[] | undefined>();
    expectTypeOf<Delegations['refresh']>().toEqualTypeOf<() => Promise<DelegatedVault[]>>();
  });

  test('useApiVersions gives the API versions and refresh()', () => {
    type Versions = ReturnType<typeof useApiVersions>;
    expectTypeOf<Versions>().toExtend<UseQueryResult<ApiVersions, VaultError>>();
    expectTypeOf<Versions['error']>().toEqualTypeOf<VaultError | null>();
    expectTypeOf<Versions['refresh']>().toEqualTypeOf<() => Promise<ApiVersions>>();
  });

  test('useDiscovery gives the discovery answer and discover()', () => {
    type Discovery = ReturnType<typeof useDiscovery>;
    expectTypeOf<Discovery>().toExtend<UseQueryResult<DiscoveryResult, VaultError>>();
    expectTypeOf<Discovery['data']>().toEqualTypeOf<DiscoveryResult | undefined>();
    expectTypeOf<Discovery['error']>().toEqualTypeOf<VaultError | null>();
    expectTypeOf<Discovery['discover']>().toEqualTypeOf<
      (username: string) => Promise<DiscoveryResult>
    >();
    expectTypeOf(useDiscovery).parameter(0).toEqualTypeOf<string>();
  });
});

describe('query options factories', () => {
  test('type the data of useQuery, prefetchQuery and the cache by their key', () => {
    expectTypeOf(useQuery(delegationsQueryOptions(session)).data).toEqualTypeOf<
      DelegatedVault[] | undefined
    >();
    expectTypeOf(useQuery(apiVersionsQueryOptions(client)).data).toEqualTypeOf<
      ApiVersions | undefined
    >();
    expectTypeOf(
      queryClient.getQueryData(discoveryQueryOptions(client, 'sam@harbor.example').queryKey),
    ).toEqualTypeOf<DiscoveryResult | undefined>();
    expectTypeOf(
      queryClient.prefetchQuery(apiVersionsQueryOptions(client, 'quality.sunrise.example')),
    ).toEqualTypeOf<Promise<void>>();
    expectTypeOf(queryClient.fetchQuery(delegationsQueryOptions(session))).toEqualTypeOf<
      Promise<DelegatedVault[]>
    >();
  });

  test('take what the call needs, and a snapshot where the key names its user', () => {
    delegationsQueryOptions(session, { status: 'signed-out' });
    // @ts-expect-error delegations need the session (its client and the user's own route)
    delegationsQueryOptions(client);
    // @ts-expect-error the vault is named by its DNS
    apiVersionsQueryOptions(client, 1002);
  });
});

describe('mutation hooks: TanStack mutation result plus a named action', () => {
  test('useLogout: logout() resolves and never fails', () => {
    type Logout = ReturnType<typeof useLogout>;
    expectTypeOf<Logout>().toExtend<UseMutationResult<void, never, void>>();
    expectTypeOf<Logout['logout']>().toEqualTypeOf<() => Promise<void>>();
    expectTypeOf<Logout['error']>().toEqualTypeOf<null>();
  });

  test('useDelegatedLogin: mutate and actAs take the target; start and stop stay', () => {
    type Acting = ReturnType<typeof useDelegatedLogin>;
    expectTypeOf<Acting>().toExtend<UseMutationResult<void, VaultError, DelegationTarget>>();
    expectTypeOf<Acting['actAs']>().parameter(0).toEqualTypeOf<DelegationTarget>();
    expectTypeOf<Acting['actAs']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<Acting['start']>().toEqualTypeOf<
      UseMutationResult<void, VaultError, DelegationTarget>
    >();
    expectTypeOf<Acting['stop']>().toEqualTypeOf<UseMutationResult<void, VaultError, void>>();
    const acting = {} as Acting;
    acting.mutate({ vaultId: 1002, delegatorUserId: '61002' });
    // @ts-expect-error the delegator is needed too
    void acting.actAs({ vaultId: 1002 });
  });

  test('useSsoLogin: mutate and startSso take the profile and user name', () => {
    type Sso = ReturnType<typeof useSsoLogin>;
    expectTypeOf<Sso>().toExtend<UseMutationResult<void, VaultError, SsoLoginInput>>();
    expectTypeOf<Sso['startSso']>().toEqualTypeOf<(input: SsoLoginInput) => Promise<void>>();
    expectTypeOf<Sso['mutate']>().parameter(0).toEqualTypeOf<SsoLoginInput>();
  });
});

describe('component props', () => {
  type LoginFormProps = ComponentProps<typeof LoginForm>;
  type DelegationPickerProps = ComponentProps<typeof DelegationPicker>;

  test('LoginForm takes a controlled or a default user name', () => {
    const controlled: LoginFormProps = {
      username: 'olivia@sunrise.example',
      onUsernameChange: (name) => expectTypeOf(name).toEqualTypeOf<string>(),
    };
    const uncontrolled: LoginFormProps = { defaultUsername: 'olivia@sunrise.example' };
    // @ts-expect-error the user name is a string
    const wrong: LoginFormProps = { username: 61001 };
    void [controlled, uncontrolled, wrong];
  });

  test("DelegationPicker's layout is auto, cards or rows", () => {
    expectTypeOf<NonNullable<DelegationPickerProps['layout']>>().toEqualTypeOf<
      'auto' | 'cards' | 'rows'
    >();
    // @ts-expect-error no such layout
    const grid: DelegationPickerProps = { layout: 'grid' };
    void grid;
  });
});

describe('errors', () => {
  test('VaultApiError is a VaultError with the service type', () => {
    expectTypeOf<VaultApiError>().toExtend<VaultError>();
    expectTypeOf<VaultApiError['type']>().toEqualTypeOf<VaultErrorType | (string & {})>();
    // Documented types are suggested; unknown types the service may send still fit.
    expectTypeOf<'USER_LOCKED_OUT'>().toExtend<VaultApiError['type']>();
    expectTypeOf<'SOME_NEW_TYPE'>().toExtend<VaultApiError['type']>();
    expectTypeOf<VaultApiError['errors'][number]['type']>().toEqualTypeOf<string>();
  });

  test('the error checks take anything thrown', () => {
    expectTypeOf(isTransientError).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(isTransientError).returns.toEqualTypeOf<boolean>();
    expectTypeOf(isSessionInvalidError).parameter(0).toEqualTypeOf<unknown>();
  });

  test('a kind is raised by its own class only: the base class is not constructed', () => {
    // @ts-expect-error a protocol fault is a VaultProtocolError, never a bare VaultError
    const lone: VaultError = new VaultErrorClass('protocol', 'Bad body.');
    void lone;
    expectTypeOf<VaultUnexpectedError>().toExtend<VaultError>();
    expectTypeOf<'unexpected'>().toExtend<VaultErrorKind>();
  });
});

describe('the React entry keeps the building blocks out', () => {
  test('no cross-tab channel, record parser or back-off helper', () => {
    // @ts-expect-error internal: the session's own channel
    type TabChannel = typeof Kit.createTabChannel;
    // @ts-expect-error in vault-session-kit/core only
    type ParseRecord = typeof Kit.parseSessionRecord;
    // @ts-expect-error in vault-session-kit/core only
    type Backoff = typeof Kit.backoffDelay;
    expectTypeOf<
      Extract<
        keyof typeof Kit,
        'createTabChannel' | 'parseSessionRecord' | 'backoffDelay' | 'createSessionManager'
      >
    >().toBeNever();
    void ([] as unknown as [TabChannel, ParseRecord, Backoff]);
  });

  test('exports these 41 values (40 and the abstract VaultError) and no other: a new one is a choice made here', () => {
    expectTypeOf<keyof typeof Kit>().toEqualTypeOf<
      // Components
      | 'ActingAsBanner'
      | 'DelegationPicker'
      | 'useLoginForm'
      | 'LoginForm'
      | 'PasswordField'
      | 'SessionExpiryDialog'
      | 'SessionTimer'
      | 'SsoCallbackPage'
      | 'SignOutButton'
      | 'useVaultMessages'
      | 'VaultMessagesProvider'
      | 'VaultSwitcher'
      | 'createRememberedUsers'
      // Errors and the checks an app branches on
      | 'isSessionInvalidError'
      | 'isTransientError'
      | 'VaultAbortedError'
      | 'VaultApiError'
      | 'VaultConfigError'
      | 'VaultDnsMismatchError'
      | 'VaultError'
      | 'VaultNetworkError'
      | 'VaultOAuthError'
      | 'VaultProtocolError'
      | 'VaultTimeoutError'
      | 'VaultUnexpectedError'
      // The provider and the hooks
      | 'RequireSession'
      | 'SessionProvider'
      | 'useApiVersions'
      | 'useDelegatedLogin'
      | 'useDelegations'
      | 'useDiscovery'
      | 'useKeepAlive'
      | 'useLogin'
      | 'useLogout'
      | 'useSession'
      | 'useSsoCallback'
      | 'useSsoLogin'
      | 'useVaultFetch'
      | 'useVaultSession'
      | 'useVaultSwitch'
      // Signed in inside a vault's web tab
      | 'vaultWebTab'
    >();
  });

  test('storage adapters and the live-status check are in vault-session-kit/core', () => {
    expectTypeOf<
      Extract<keyof typeof Kit, 'memoryStorageAdapter' | 'sessionStorageAdapter' | 'isLiveStatus'>
    >().toBeNever();
  });

  test('the query options and keys behind the hooks are in vault-session-kit/query', () => {
    expectTypeOf<
      Extract<
        keyof typeof Kit,
        | 'apiVersionsQueryOptions'
        | 'delegationsQueryOptions'
        | 'discoveryQueryOptions'
        | 'vaultQueryKeys'
      >
    >().toBeNever();
  });
});
