import { PASSWORD_MIN_LENGTH } from "./auth.schema";

// The most used passwords of public breach lists that still pass a 6-character minimum.
const COMMON_PASSWORDS = new Set(
  `123456 1234567 12345678 123456789 1234567890 password password1 password123 qwerty qwerty123
  qwertyuiop 111111 123123 abc123 abcdef 654321 666666 777777 888888 000000 121212 112233 123321
  iloveyou admin123 welcome welcome1 letmein monkey dragon football baseball sunshine princess
  shadow master superman trustno1 passw0rd starwars whatever freedom michael jordan23 hello123
  asdfgh asdfghjkl zxcvbn zxcvbnm 1q2w3e 1q2w3e4r 1qaz2wsx qazwsx changeme secret secret123
  login123 charlie donald batman pokemon computer internet azerty 159753 987654321 123qwe
  aaaaaa abc12345 password! p@ssw0rd lovely loveme flower hottie soccer hockey ninja mustang`
    .split(/\s+/)
    .filter(Boolean),
);

/** Why a password is refused (empty when it is acceptable): the server's weak_password reasons. */
export function weakPasswordReasons(password: string, email?: string): string[] {
  const reasons: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    reasons.push("Password is too common");
  }
  if (email && password.toLowerCase() === email.toLowerCase()) {
    reasons.push("Password must not be your email address");
  }
  return reasons;
}
