// The demo's password-reset page (password-reset.html) in the language the demo speaks: the
// one picked on the sign-in page, else the browser's. The page is English until this runs.
import { pickDemoLanguage, readStoredDemoLanguage } from './demoLanguages';
import { demoVault } from './demoVault';

const language = pickDemoLanguage(
  navigator.languages ?? [navigator.language],
  readStoredDemoLanguage(),
);
const texts = language.demo.passwordReset;
document.documentElement.lang = language.tag;
document.documentElement.dir = language.dir;
document.title = `${texts.heading} · Vault Docs`;
for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
  const key = element.dataset.text as keyof typeof texts;
  if (key in texts) element.textContent = texts[key];
}
document
  .querySelector('[data-text="passwordPage"]')
  ?.setAttribute('href', demoVault.passwordChangeUrl);
