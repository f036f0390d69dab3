// The action of a page that mails a link to a typed address (forgot password, email me a sign-in
// link): the same answer for any well-formed address, so it tells a stranger nothing.
// Rules: docs/features/accounts-and-billing.md ("Recovery", "Emailed sign-in links").
import { answerDomainError, submit } from "~/utils/http.server";
import { EmailRequestSchema, type EmailRequestData } from "./recovery";

export type EmailRequestClient = { headers: Headers; clientAddress: string };

export type SendToAddress = (options: EmailRequestClient & { email: string }) => Promise<void>;

/**
 * The posted address through the schema, then `send` (its rate-limit refusals become the page's
 * message): "sent" for any well-formed address, a field error otherwise.
 */
export async function answerEmailRequest(fields: Record<string, string>, client: EmailRequestClient, send: SendToAddress) {
  const parsed = submit(
    EmailRequestSchema,
    { email: fields.email ?? "" },
    { reply: (fieldErrors): EmailRequestData => ({ error: fieldErrors.email, email: (fields.email ?? "").slice(0, 254) }) },
  );
  if (!parsed.ok) return parsed.response;
  const { email } = parsed.value;
  return answerDomainError(
    async (): Promise<EmailRequestData> => {
      await send({ email, ...client });
      return { sent: true, email };
    },
    (refusal): EmailRequestData => ({ error: refusal.message, email }),
  );
}
