'use client';
import { useSyncExternalStore } from 'react';

/**
 * True during a server render and the hydration render that follows it, false in every
 * other render: what a component shows while nobody can know yet what the browser holds.
 */
export function useServerOrHydrating(): boolean {
  return useSyncExternalStore(neverChanges, no, yes);
}

const neverChanges = (): (() => void) => () => {};
const no = (): boolean => false;
const yes = (): boolean => true;
