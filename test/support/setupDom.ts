import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadKeepAliveRun } from '../../src/core/keepAlive/loadKeepAliveRun';

// jsdom has <dialog> without its methods. These open and close it, which is all the tests
// here rely on; the modal part (the inert page, focus kept inside) is the browser's, and
// the browser tests check it.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

// The provider's sessions load the keep-alive scheduler in a chunk of their own, fetched when
// they connect. Here that is a module transform of unpredictable length, racing the
// emulator's manual clock, so it is loaded before any test; test/core/keepAlive covers the
// loading itself with loaders the tests control.
await loadKeepAliveRun();

afterEach(() => {
  cleanup();
});
