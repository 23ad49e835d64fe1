import type { createDevOidcProvider } from './devOidcProvider';

/**
 * The development OpenID Provider's module, or why it could not be loaded.
 */
export type LoadedDevOidcProvider =
  | {
      readonly ok: true;
      readonly createDevOidcProvider: typeof createDevOidcProvider;
      /** What the runtime warning of oidc-provider means, when it gave one. */
      readonly notice?: string;
    }
  | { readonly ok: false; readonly notice: string };

/** The range of the optional peer the development provider is written against. */
export const OIDC_PROVIDER_RANGE = '^9.13.0';

/**
 * Loads the development OpenID Provider on first use. It needs `oidc-provider`, an optional
 * peer dependency: an app that never runs the dev stack does not install it, and one that
 * does gets a notice naming the command that installs it instead of a stack trace.
 */
export async function loadDevOidcProvider(): Promise<LoadedDevOidcProvider> {
  // oidc-provider warns "Unsupported runtime" as it loads on any Node.js before 22 LTS,
  // with no word on what that means here: that one warning is replaced by a notice that
  // says it, once (a module loads once per process).
  const warn = console.warn;
  let runtimeWarned = false;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(RUNTIME_WARNING)) runtimeWarned = true;
    else warn.apply(console, args);
  };
  try {
    const module = await import('./devOidcProvider');
    return {
      ok: true,
      createDevOidcProvider: module.createDevOidcProvider,
      ...(runtimeWarned ? { notice: runtimeNotice() } : {}),
    };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code !== 'ERR_MODULE_NOT_FOUND' || !String(message).includes("'oidc-provider'")) {
      throw error;
    }
    return {
      ok: false,
      notice: `[vault dev] Single sign-on is off: the development OpenID Provider needs the package oidc-provider. Install it with \`npm install --save-dev oidc-provider@${OIDC_PROVIDER_RANGE}\` and start again; password sign-in works without it.`,
    };
  } finally {
    console.warn = warn;
  }
}

const RUNTIME_WARNING = 'oidc-provider WARNING: Unsupported runtime.';

function runtimeNotice(): string {
  return `[vault dev] oidc-provider supports Node.js 22 LTS and later and warns on ${process.version}; the development OpenID Provider runs on it all the same (this kit's tests run it on Node.js 20). It is for development only: production never loads it.`;
}
