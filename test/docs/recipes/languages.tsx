// docs/languages.md: a language for every component, the page's direction, and single
// strings replaced. Type-checked with the rest of the tests.
import { LoginForm, VaultMessagesProvider } from '../../../src/index';
import { arMessages } from '../../../src/locales/ar/index';
import { deMessages } from '../../../src/locales/de/index';
import { frLoginMessages, frMessages } from '../../../src/locales/fr/index';

const App = () => <LoginForm />;

export function inArabic() {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';

  return (
    <VaultMessagesProvider messages={arMessages}>
      <App />
    </VaultMessagesProvider>
  );
}

export const german = (
  <VaultMessagesProvider messages={deMessages}>
    <LoginForm messages={{ continue: 'Next' }} />
  </VaultMessagesProvider>
);

export const french = (
  <VaultMessagesProvider messages={frMessages}>
    <LoginForm messages={{ title: 'Connexion à Sunrise Docs' }} />
  </VaultMessagesProvider>
);

export const frenchLoginOnly = (
  <VaultMessagesProvider messages={{ login: frLoginMessages }}>
    <LoginForm />
  </VaultMessagesProvider>
);
