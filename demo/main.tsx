// The dev-server demo: `npm run dev` serves this page with the vault emulator at /api and
// /auth and the development OpenID Provider at /oidc, all on one origin.
import '../src/components/styles.css';
import './demo.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { DemoLanguageProvider } from './DemoLanguageProvider';

const container = document.getElementById('root');
if (!container) throw new Error('The demo page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <DemoLanguageProvider>
      <App />
    </DemoLanguageProvider>
  </StrictMode>,
);
