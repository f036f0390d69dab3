import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const CredentialsSchema = z.object({
  email: z
    .string({ error: "You must provide either an email or phone number and a password" })
    .trim()
    .toLowerCase()
    .min(1, "You must provide either an email or phone number and a password")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address")),
  password: z
    .string({ error: "You must provide either an email or phone number and a password" })
    .min(1, "You must provide either an email or phone number and a password")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

export type Credentials = z.infer<typeof CredentialsSchema>;
