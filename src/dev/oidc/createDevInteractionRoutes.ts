/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { DevUserDirectory } from './createDevUserDirectory';
import { html, renderDevLoginPage, renderDevMessagePage } from './renderDevOidcPage';

const FORM_LIMIT_BYTES = 16 * 1024;
/** How many interactions the routes remember for pages the browser comes back to. */
const VISIT_LIMIT = 1_000;

/** What the routes keep of one interaction between its pages. */
interface Visit {
  /** The start page of the application that asked (its redirect URI's origin). */
  readonly appUrl: string | undefined;
  readonly clientName: string | undefined;
  /** Signed in or cancelled: the provider has nothing more to ask. */
  readonly finished: boolean;
  /** The user name of the last failed attempt, shown again on the next page. */
  readonly username?: string | undefined;
  /** The message for the last failed attempt, shown once. */
  readonly error?: string | undefined;
}

/**
 * What the interaction routes need from the provider that mounts them.
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
 * Every POST is answered with a redirect (Post/Redirect/Get): a failed attempt comes back as
 * the login page with the user name and the message, so Back and reload never resend the
 * form. A finished interaction seen again (Back after signing in or cancelling) redirects to
 * the application's start page; an expired or unknown one explains itself and links to the
 * application when it is known.
 */
export function createDevInteractionRoutes(deps: DevInteractionDeps): {
  handle(req: IncomingMessage, res: ServerResponse, uid: string, abort: boolean): void;
} {
  const { provider, users, mountPath, pageHeaders, log } = deps;

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, pageHeaders).end(body);
  };

  // What the routes remember of each interaction they served, so that a page the browser
  // comes back to (Back, a reload) still knows which application it belongs to. Bounded:
  // the oldest are forgotten first.
  const visits = new Map<string, Visit>();
  const remember = (uid: string, visit: Visit) => {
    visits.delete(uid);
    visits.set(uid, visit);
    for (const oldest of visits.keys()) {
      if (visits.size <= VISIT_LIMIT) break;
      visits.delete(oldest);
    }
  };
  const visitOf = async (details: Interaction): Promise<Visit> => {
    const known = visits.get(details.uid);
    if (known) return known;
    const clientId = details.params.client_id;
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    const redirectUri = details.params.redirect_uri;
    const visit: Visit = {
      appUrl: typeof redirectUri === 'string' ? applicationStart(redirectUri) : undefined,
      clientName: client?.clientName,
      finished: false,
    };
    remember(details.uid, visit);
    return visit;
  };
  const finish = (details: Interaction, visit: Visit) =>
    remember(details.uid, { ...visit, finished: true, username: undefined, error: undefined });

  // A finished sign-in is seen again through Back or a reload: the provider has nothing left
  // to ask, so the browser goes straight back to the application. Any other page that has
  // gone says so, with a way back to the application when it is known.
  const expired = (res: ServerResponse, uid: string) => {
    const visit = visits.get(uid);
    if (visit?.finished && visit.appUrl !== undefined) {
      res.writeHead(303, { location: visit.appUrl, 'cache-control': 'no-store' }).end();
      return;
    }
    send(
      res,
      400,
      renderDevMessagePage({
        title: 'Sign-in expired',
        message:
          'This sign-in request is unknown or has expired. Return to the application and start again.',
        alert: true,
        details:
          visit?.appUrl === undefined
            ? undefined
            : html`<p><a href="${visit.appUrl}">Return to ${visit.clientName ?? 'the application'}</a></p>`,
      }),
    );
  };

  const loginPage = (res: ServerResponse, details: Interaction, visit: Visit) => {
    const action = `${mountPath}/interaction/${details.uid}`;
    send(
      res,
      200,
      renderDevLoginPage({
        action,
        abortAction: `${action}/abort`,
        username: visit.username ?? users.usernameFromHint(details.params.login_hint),
        clientName: visit.clientName,
        error: visit.error,
      }),
    );
  };

  // Post/Redirect/Get: every POST is answered with a redirect, so that Back and reload never
  // offer to send the form again.
  const seeOther = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
  };

  const finishConsent = async (req: IncomingMessage, res: ServerResponse, details: Interaction) => {
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id;
    if (accountId === undefined || typeof clientId !== 'string') {
      expired(res, details.uid);
      return;
    }
    const existing =
      details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId);
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details;
    if (Array.isArray(missing.missingOIDCScope)) grant.addOIDCScope(missing.missingOIDCScope);
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    finish(details, await visitOf(details));
    await provider.interactionFinished(req, res, { consent: { grantId } });
  };

  const run = async (req: IncomingMessage, res: ServerResponse, uid: string, abort: boolean) => {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        expired(res, uid);
        return;
      }
      throw error;
    }
    // The cookie names the pending interaction; the URL must name the same one.
    if (details.uid !== uid) {
      expired(res, uid);
      return;
    }
    const visit = await visitOf(details);

    if (req.method === 'POST' && abort) {
      finish(details, visit);
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
      expired(res, uid);
      return;
    }

    if (req.method === 'GET' || req.method === 'HEAD') {
      loginPage(res, details, visit);
      // A message belongs to the attempt it answers; a reload shows the plain form.
      if (req.method === 'GET' && visit.error !== undefined)
        remember(uid, { ...visit, error: undefined });
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
      remember(uid, {
        ...visit,
        username,
        error: 'The user name or password is incorrect. Check them and try again.',
      });
      seeOther(res, `${mountPath}/interaction/${uid}`);
      return;
    }
    finish(details, visit);
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

/** The origin of the redirect URI, as the page to send a user back to. */
function applicationStart(redirectUri: string): string | undefined {
  try {
    return `${new URL(redirectUri).origin}/`;
  } catch {
    return undefined;
  }
}
