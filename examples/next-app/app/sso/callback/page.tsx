// Where the identity provider sends the user back: the same page finishes the sign-in.
export { default } from '../../page';
