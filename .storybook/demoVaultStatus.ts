// While the mock service worker registers and the story's emulator starts (its loaders),
// Storybook renders nothing, which looked like a broken story for a few seconds. This
// status line stands in for the story until it renders, and the page then says which
// story is ready, so a test (or a person) can tell "still starting" from "empty".

/** The attribute on `<html>` naming the story that has rendered and is ready. */
export const READY_ATTRIBUTE = 'data-vsk-story-ready';

/** What the status line says while the demo vault starts. */
export const STARTING_TEXT = 'Starting the demo vault…';

let status: HTMLElement | undefined;

function statusElement(): HTMLElement {
  // preview-body.html puts it in the page; made here only if a page lacks it.
  status ??= document.querySelector<HTMLElement>('[data-vsk-starting]') ?? createStatus();
  return status;
}

function createStatus(): HTMLElement {
  const element = document.createElement('p');
  element.className = 'vsk-workshop-starting';
  element.setAttribute('role', 'status');
  element.dataset.vskStarting = '';
  element.textContent = STARTING_TEXT;
  document.body.prepend(element);
  return element;
}

/**
 * Shows "Starting the demo vault…" and marks no story ready; called before a story's
 * loaders run.
 *
 * @example
 * ```ts
 * const loader: Loader = () => { showDemoVaultStarting(); return {}; };
 * ```
 */
export function showDemoVaultStarting(): void {
  document.documentElement.removeAttribute(READY_ATTRIBUTE);
  statusElement().hidden = false;
}

/**
 * Takes the status line away and marks `storyId` ready; called once the story rendered.
 *
 * @example
 * ```ts
 * useLayoutEffect(() => markStoryReady(context.id), [context.id]);
 * ```
 */
export function markStoryReady(storyId: string): void {
  statusElement().hidden = true;
  document.documentElement.setAttribute(READY_ATTRIBUTE, storyId);
}
