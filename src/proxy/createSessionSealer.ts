import { parseJsonObject } from './parseJsonObject';

/**
 * What a session cookie holds once opened: the vault session it stands for, never shown to
 * the page.
 */
export interface SealedSession {
  readonly v: 1;
  readonly sid: string;
  readonly dns: string;
  readonly kind: 'own' | 'delegated';
  readonly userId: number;
  readonly vaultId: number;
  readonly createdAt: number;
  readonly deadline: number;
  readonly tag: string;
  /** The API version the session was opened with, to end it with (absent in older seals). */
  readonly version?: string;
  /**
   * A vault's own session, handed to the app in its web tab: kept in a partitioned cookie,
   * and never ended by the proxy (the vault window around the app owns it).
   */
  readonly lent?: true;
  /**
   * Its cookie is partitioned: the session was opened from the app in a frame, where a
   * browser keeps no `SameSite=Strict` cookie of another site (a lent session's always is).
   */
  readonly partitioned?: true;
  /**
   * The tag of the own session a delegated session acts for: its landed copy (see
   * `loginWindowMs`) may take the delegated cookie only beside that own session.
   */
  readonly actor?: string;
  /**
   * The user's vaults as the login answer listed them (own sessions), so that a page that
   * learns of the session from the proxy alone (a single sign-on, a new tab) can name them
   * and offer a switch. Absent when the list was too long for a cookie.
   */
  readonly vaultIds?: readonly SealedVault[];
}

/**
 * A vault of the user's, as the login answer's `vaultIds` names it.
 */
export interface SealedVault {
  readonly id: number;
  readonly name: string;
  readonly url: string;
}

/**
 * Seals sessions into cookie values and opens them again; see {@link createSessionSealer}.
 */
export interface SessionSealer {
  /** `v1.` + base64url(iv ‖ AES-GCM ciphertext), with the first secret's key. */
  seal(session: SealedSession): Promise<string>;
  /** The session, or `undefined` for a value that is malformed, altered or sealed by no known secret. */
  open(value: string): Promise<SealedSession | undefined>;
  /** A stable, non-secret name of a session ID: 22 base64url characters of its HMAC. */
  tag(sid: string): Promise<string>;
  /**
   * Seals other data of the proxy's own (a single sign-on in progress) the same way, with a
   * key of its own: a value sealed here never opens as a session, nor a session here.
   */
  sealData(data: Readonly<Record<string, unknown>>): Promise<string>;
  /** What {@link SessionSealer.sealData} sealed, or `undefined` as for {@link SessionSealer.open}. */
  openData(value: string): Promise<Record<string, unknown> | undefined>;
}

interface DerivedKeys {
  readonly seal: CryptoKey;
  readonly tag: CryptoKey;
  readonly data: CryptoKey;
}

const PREFIX = 'v1.';
const IV_BYTES = 12;
const SALT = 'vault-session-kit session cookie';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Authenticated encryption of session cookies with WebCrypto alone (`crypto.subtle`), so it
 * runs in Node 20, workerd, Deno and Bun: each secret gives, through HKDF-SHA-256, an AES-GCM
 * 256 key and an HMAC-SHA-256 key. The first secret seals and names; every secret opens, so a
 * new secret put first rotates without signing anyone out. Keys are derived once, on first
 * use.
 */
export function createSessionSealer(secrets: readonly string[]): SessionSealer {
  let derived: Promise<readonly DerivedKeys[]> | undefined;
  const keys = (): Promise<readonly DerivedKeys[]> => {
    derived ??= Promise.all(secrets.map(deriveKeys));
    return derived;
  };

  const sealWith = async (pick: (keys: DerivedKeys) => CryptoKey, value: unknown) => {
    const [first] = await keys();
    if (first === undefined) throw new TypeError('session.secrets is empty.');
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv },
        pick(first),
        encoder.encode(JSON.stringify(value)),
      ),
    );
    const joined = new Uint8Array(IV_BYTES + sealed.byteLength);
    joined.set(iv);
    joined.set(sealed, IV_BYTES);
    return `${PREFIX}${toBase64Url(joined)}`;
  };
  const openWith = async (
    pick: (keys: DerivedKeys) => CryptoKey,
    value: string,
  ): Promise<ArrayBuffer | undefined> => {
    if (!value.startsWith(PREFIX)) return undefined;
    const joined = fromBase64Url(value.slice(PREFIX.length));
    // The IV and the 16-byte authentication tag at the least.
    if (joined === undefined || joined.byteLength <= IV_BYTES + 16) return undefined;
    const iv = joined.subarray(0, IV_BYTES);
    const sealed = joined.subarray(IV_BYTES);
    for (const key of await keys()) {
      try {
        return await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, pick(key), sealed);
      } catch {
        // Sealed with another secret, or not by this proxy: the next one is tried.
      }
    }
    return undefined;
  };

  return {
    seal: (session) => sealWith((key) => key.seal, session),

    async open(value) {
      const plain = await openWith((key) => key.seal, value);
      return plain === undefined ? undefined : asSealedSession(plain);
    },

    sealData: (data) => sealWith((key) => key.data, data),

    async openData(value) {
      const plain = await openWith((key) => key.data, value);
      return plain === undefined ? undefined : parseJsonObject(plain);
    },

    async tag(sid) {
      const [first] = await keys();
      if (first === undefined) throw new TypeError('session.secrets is empty.');
      const mac = await crypto.subtle.sign('HMAC', first.tag, encoder.encode(sid));
      return toBase64Url(new Uint8Array(mac)).slice(0, 22);
    },
  };
}

async function deriveKeys(secret: string): Promise<DerivedKeys> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, [
    'deriveKey',
  ]);
  const hkdf = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: encoder.encode(SALT),
    info: encoder.encode(info),
  });
  const [seal, tag, data] = await Promise.all([
    crypto.subtle.deriveKey(hkdf('seal v1'), material, { name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]),
    crypto.subtle.deriveKey(
      hkdf('tag v1'),
      material,
      { name: 'HMAC', hash: 'SHA-256', length: 256 },
      false,
      ['sign'],
    ),
    crypto.subtle.deriveKey(hkdf('data v1'), material, { name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]),
  ]);
  return { seal, tag, data };
}

// Authenticated, so it was sealed by this proxy; the shape is still checked, so a seal of an
// older or newer layout is refused rather than half-read.
function asSealedSession(plain: ArrayBuffer): SealedSession | undefined {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(plain));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const session = value as Record<string, unknown>;
  const ok =
    session.v === 1 &&
    typeof session.sid === 'string' &&
    session.sid !== '' &&
    typeof session.dns === 'string' &&
    (session.kind === 'own' || session.kind === 'delegated') &&
    typeof session.userId === 'number' &&
    typeof session.vaultId === 'number' &&
    typeof session.createdAt === 'number' &&
    typeof session.deadline === 'number' &&
    typeof session.tag === 'string' &&
    (session.version === undefined ||
      (typeof session.version === 'string' && /^v\d+(?:\.\d+)?$/.test(session.version))) &&
    (session.lent === undefined || session.lent === true) &&
    (session.partitioned === undefined || session.partitioned === true) &&
    (session.actor === undefined || typeof session.actor === 'string') &&
    (session.vaultIds === undefined ||
      (Array.isArray(session.vaultIds) && session.vaultIds.every(isSealedVault)));
  return ok ? (value as SealedSession) : undefined;
}

function isSealedVault(value: unknown): value is SealedVault {
  const vault = value as Partial<SealedVault> | null;
  return (
    typeof vault === 'object' &&
    vault !== null &&
    typeof vault.id === 'number' &&
    typeof vault.name === 'string' &&
    typeof vault.url === 'string'
  );
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
