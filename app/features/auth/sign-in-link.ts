// What the emailed sign-in link's screens say (shared by the server and the pages).
// Rules: docs/features/accounts-and-billing.md ("Emailed sign-in links").
export const SIGN_IN_LINK_REQUESTED = "If an account exists for that address, we've sent a sign-in link.";
export const SIGN_IN_LINK_TERMS = "The link works once and is valid for 15 minutes.";
export const SIGN_IN_LINK_INVALID = "This sign-in link has expired or has already been used.";
