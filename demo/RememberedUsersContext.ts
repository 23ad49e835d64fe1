import { createContext } from 'react';
import type { RememberedUsers } from '../src/index';

/**
 * The demo's remembered user names, for the sign-in page and the header; `undefined` with
 * `?remember-me=off`.
 *
 * @example
 * ```tsx
 * const rememberedUsers = useContext(RememberedUsersContext);
 * ```
 */
export const RememberedUsersContext = createContext<RememberedUsers | undefined>(undefined);
