import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y'],
  // The worker script that lets the stories answer /api and /auth with the emulator.
  staticDirs: ['./public'],
  core: {
    disableTelemetry: true,
    builder: {
      name: '@storybook/builder-vite',
      options: { viteConfigPath: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) },
    },
  },
  typescript: { reactDocgen: false },
  // The workshop bundles React, the test helpers and axe into the preview; its chunk sizes
  // say nothing about the kit's (the library build and its size budget measure those).
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    build: { ...viteConfig.build, chunkSizeWarningLimit: 4096 },
  }),
};

export default config;
