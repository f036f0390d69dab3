// The sign-in and sign-up forms' words, English: a module of its own, so the sign-in page bundles
// these alone (its byte budget, docs/performance.md "First paint"). Part of `auth` (en-auth.ts).
/** The sign-in and sign-up forms' words: an export of their own, so the sign-in page bundles these alone (its byte budget, docs/performance.md). */
export const enAuthForm = {
  signInTitle: "Sign in to your account",
  signUpTitle: "Create your account",
  haveAccount: "Already have an account? ",
  noAccount: "Don't have an account? ",
  signInLink: "Sign in",
  signUpLink: "Sign up",
  email: "Email address",
  password: "Password",
  forgot: "Forgot password?",
  hidePassword: "Hide password",
  showPassword: "Show password",
  createAccount: "Create Account",
  signIn: "Sign In",
  or: "or",
  withPasskey: "Sign in with a passkey",
  emailLink: "Email me a sign-in link",
};
