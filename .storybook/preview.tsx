import type { Loader, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { createStoryVault, type VaultStoryParameters } from '../stories/support/createStoryVault';
import { readStoryVault } from '../stories/support/readStoryVault';
import { showDemoVaultStarting } from './demoVaultStatus';
import { emulatorHandlers, setActiveEmulator } from './emulatorHandlers';
import { defaultWorkshopGlobals, withWorkshop } from './withWorkshop';
import { workshopViewports } from './workshopViewports';
import './workshop.css';

let current: { destroy(): void } | undefined;

// The preview's first story waits for the worker to register: say so from the start.
showDemoVaultStarting();

// Every later story (or a toolbar change) starts a fresh emulator and session first.
const startingLoader: Loader = () => {
  showDemoVaultStarting();
  return {};
};

// One emulator and one session per render of a story. Only one story renders at a time
// in the preview, so the one before it is stopped here even when a toolbar change
// re-renders the same story without tearing it down.
const vaultLoader: Loader = (context) => {
  current?.destroy();
  const vault = createStoryVault(
    context.id,
    context.parameters.vault as VaultStoryParameters | undefined,
  );
  current = vault;
  setActiveEmulator(vault.emulator);
  return { vault };
};

const preview: Preview = {
  loaders: [
    startingLoader,
    mswLoader(async () => {
      const worker = setupWorker(...emulatorHandlers);
      // Storybook's own files (modules, fonts, the index) are none of the worker's business.
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
      return worker;
    }),
    vaultLoader,
  ],
  beforeEach: (context) => {
    const vault = readStoryVault(context);
    return () => vault.destroy();
  },
  decorators: [withWorkshop],
  initialGlobals: { ...defaultWorkshopGlobals },
  globalTypes: {
    theme: {
      description: 'Kit theme: follow the system, force light or dark, or no kit CSS at all',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'system', title: 'System (prefers-color-scheme)' },
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'unstyled', title: 'Unstyled (no kit CSS)' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Messages of the components',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'fr', title: 'Français' },
          { value: 'es', title: 'Español' },
          { value: 'ja', title: '日本語' },
          { value: 'ar', title: 'العربية' },
        ],
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'Text direction of the page',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'auto', title: "The language's own" },
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
    strictMode: {
      description: 'Render inside React StrictMode (effects run twice on mount)',
      toolbar: {
        title: 'StrictMode',
        icon: 'lock',
        items: [
          { value: 'on', title: 'StrictMode on' },
          { value: 'off', title: 'StrictMode off' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'fullscreen',
    viewport: { options: workshopViewports },
    a11y: {
      // The same rule set the browser test enforces on every story.
      options: {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      },
      test: 'error',
    },
  },
};

export default preview;
