export { type SignInOptions, signIn } from './signIn';
