// Where the identity provider sends the user back: the layout's SessionProvider finishes the
// sign-in, and this page goes on to where it started.
export { SsoCallbackPage as default } from 'vault-session-kit';
