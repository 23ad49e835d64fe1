import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Storybook's own Vite settings. The root vite.config.ts builds the library (or serves the
// demo with the emulator mounted); neither suits the component workshop, where the
// emulator runs in the browser behind the mock service worker.
export default defineConfig({
  plugins: [react()],
});
