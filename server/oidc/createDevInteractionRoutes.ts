import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { DevUserDirectory } from './createDevUserDirectory';
import { renderDevLoginPage, renderDevMessagePage } from './renderDevOidcPage';

const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * What the interaction routes need from the provider that mounts them.
 *
 * @example
 * ```ts
 * const deps: DevInteractionDeps = { provider, users, mountPath: '/oidc', pageHeaders, log: console.warn };
 * ```
 */
export interface DevInteractionDeps {
  readonly provider: Provider;
  readonly users: DevUserDirectory;
  readonly mountPath: string;
  readonly pageHeaders: Record<string, string>;
  readonly log: (message: string) => void;
}

/**
 * The login interaction of the development OpenID Provider, served at
 * `{mountPath}/interaction/{uid}`: GET shows the login page, POST checks the credentials and
 * resumes the authorization request, POST `…/abort` ends it with `access_denied`. A consent
 * prompt (only reached with `prompt=consent`) is granted without a page.
 *
 * @example
 * ```ts
 * const routes = createDevInteractionRoutes(deps);
 * routes.handle(req, res, uid, false);
 * ```
 */
export function createDevInteractionRoutes(deps: DevInteractionDeps): {
  handle(req: IncomingMessage, res: ServerResponse, uid: string, abort: boolean): void;
} {
  const { provider, users, mountPath, pageHeaders, log } = deps;

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, pageHeaders).end(body);
  };

  const expired = (res: ServerResponse) =>
    send(
      res,
      400,
      renderDevMessagePage({
        title: 'Sign-in expired',
        message:
          'This sign-in request is unknown or has expired. Return to the application and start again.',
        alert: true,
      }),
    );

  const loginPage = async (
    res: ServerResponse,
    details: Interaction,
    view: { username?: string | undefined; error?: string | undefined },
    status = 200,
  ) => {
    const clientId = details.params.client_id;
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    const action = `${mountPath}/interaction/${details.uid}`;
    send(
      res,
      status,
      renderDevLoginPage({
        action,
        abortAction: `${action}/abort`,
        username: view.username,
        clientName: client?.clientName,
        error: view.error,
      }),
    );
  };

  const finishConsent = async (req: IncomingMessage, res: ServerResponse, details: Interaction) => {
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id;
    if (accountId === undefined || typeof clientId !== 'string') {
      expired(res);
      return;
    }
    const existing =
      details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId);
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope);
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } });
  };

  const run = async (req: IncomingMessage, res: ServerResponse, uid: string, abort: boolean) => {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        expired(res);
        return;
      }
      throw error;
    }
    // The cookie names the pending interaction; the URL must name the same one.
    if (details.uid !== uid) {
      expired(res);
      return;
    }

    if (req.method === 'POST' && abort) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    if (details.prompt.name === 'consent') {
      await finishConsent(req, res, details);
      return;
    }
    if (details.prompt.name !== 'login') {
      expired(res);
      return;
    }

    if (req.method === 'GET' || req.method === 'HEAD') {
      await loginPage(res, details, {
        username: users.usernameFromHint(details.params.login_hint),
      });
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }

    const form = await readForm(req);
    if (form === undefined) {
      send(
        res,
        400,
        renderDevMessagePage({
          title: 'Sign-in could not continue',
          message: 'The form could not be read.',
          alert: true,
        }),
      );
      return;
    }
    const username = form.get('username') ?? '';
    const user = users.verify(username, form.get('password') ?? '');
    if (!user) {
      await loginPage(res, details, {
        username,
        error: 'The user name or password is incorrect. Check them and try again.',
      });
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      // A browser-session cookie: closing the browser ends the development sign-in.
      { login: { accountId: user.sub, remember: false } },
      { mergeWithLastSubmission: false },
    );
  };

  return {
    handle(req: IncomingMessage, res: ServerResponse, uid: string, abort: boolean) {
      run(req, res, uid, abort).catch((error: unknown) => {
        log(
          `[dev OIDC provider] interaction failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!res.headersSent) {
          send(
            res,
            500,
            renderDevMessagePage({
              title: 'Sign-in could not continue',
              message:
                'The development identity provider failed. Return to the application and start again.',
              alert: true,
            }),
          );
        } else {
          res.end();
        }
      });
    },
  };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > FORM_LIMIT_BYTES) return undefined;
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
