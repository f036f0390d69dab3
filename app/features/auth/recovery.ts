// What the account-recovery screens say (shared by the server and the pages).
export const RESET_REQUESTED = "If an account exists for that address, we've sent a link";
export const RESET_LINK_INVALID = "This password reset link has expired or has already been used.";
export const PASSWORD_RESET_DONE = "Your password has been changed. Sign in with your new password.";
export const VERIFY_LINK_INVALID = "This confirmation link has expired or is not valid.";
