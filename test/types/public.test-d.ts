// The public types of the React entry as apps write against them: a change that breaks
// code like this fails here before it fails in an app.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { describe, expectTypeOf, test } from 'vitest';
import type * as Kit from '../../src/index';
import {
  type ApiVersions,
  type DelegatedVault,
  type DelegationPicker,
  type DiscoveryResult,
  isSessionInvalidError,
  isTransientError,
  type LoginCredentials,
  type LoginForm,
  type LoginVariables,
  memoryStorageAdapter,
  type SessionProviderProps,
  type SessionSnapshot,
  type SessionStatus,
  sessionStorageAdapter,
  useApiVersions,
  useDelegations,
  useDiscovery,
  type useLogin,
  useSession,
  type VaultApiError,
  type VaultClient,
  type VaultError,
  type VaultErrorType,
  type VaultSession,
} from '../../src/index';

declare const client: VaultClient;
declare const session: VaultSession;
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
    void [withConfig, withClient, withSession];
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

describe('query hooks', () => {
  test('useDelegations gives the delegated vaults', () => {
    expectTypeOf(useDelegations).returns.toEqualTypeOf<
      UseQueryResult<DelegatedVault[], VaultError>
    >();
  });

  test('useApiVersions gives the API versions', () => {
    expectTypeOf(useApiVersions).returns.toEqualTypeOf<UseQueryResult<ApiVersions, VaultError>>();
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
});

describe('the React entry keeps the building blocks out', () => {
  test('no cross-tab channel, record parser or back-off helper', () => {
    // @ts-expect-error in vault-session-kit/core only
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
});
