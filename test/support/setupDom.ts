import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

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

// findBy and waitFor wait for what a user would see; a loaded 2-core machine can take
// seconds to render a step, and a passing wait ends as soon as it is met.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

// The dom project runs its files one after another in one jsdom window (see
// shareWorker.ts): each file starts from a blank page at the same address, with empty
// storage, as it would in a window of its own.
beforeAll(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});
