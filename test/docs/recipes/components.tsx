// docs/components.md: the login form taken apart, and markup of the app's own on
// useLoginForm. Type-checked with the rest of the tests.
import { LoginForm, useLoginForm } from '../../../src/index';

const vaults = [{ dns: 'promomats.sunrise.example', name: 'Sunrise PromoMats' }];
const navigate = (path: string): void => window.history.pushState(null, '', path);

export const composed = (
  <LoginForm.Root vaults={vaults} onSignedIn={() => navigate('/documents')}>
    <LoginForm.IdentifierStep>
      <LoginForm.Error />
      <LoginForm.Heading>Sunrise Docs</LoginForm.Heading>
      <LoginForm.UsernameField>Work email</LoginForm.UsernameField>
      <LoginForm.Submit>Next</LoginForm.Submit>
    </LoginForm.IdentifierStep>
    <LoginForm.PasswordStep />
    <LoginForm.SsoStep />
    <LoginForm.SignedIn />
  </LoginForm.Root>
);

export function OwnMarkup() {
  const form = useLoginForm({ onSignedIn: () => navigate('/documents') });

  return form.step === 'identifier' ? (
    <form {...form.getFormProps()}>
      <h2 {...form.getHeadingProps()}>Sign in</h2>
      <label htmlFor={form.ids.username}>Work email</label>
      <input {...form.getUsernameProps()} className="my-input" />
      <div {...form.getErrorProps()}>{form.error?.message}</div>
      <button {...form.getSubmitProps()}>Next</button>
    </form>
  ) : /* the password step: getPasswordProps, getVaultProps, getNotYouProps … */ null;
}
