// Rules: docs/features/offers-and-the-counter.md ("Every new claim emails its code", "Who is shown a code");
//   docs/features/domains.md ("White label"); docs/features/consent-and-erasure.md ("Double opt-in").
import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessIdentity, emailOutbox } from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import { isForeignKeyViolation } from "~/db/errors.server";
import { isDomainError } from "~/utils/domain-error";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import type { OutboxEmail } from "~/features/email/outbox.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import type { Language } from "~/features/languages/languages";
import { describeClaim } from "./claim.server";
import { offerCodeEmail } from "./offer-code-email";
import type { Claim, IssuedClaim } from "./offer-codes.server";

/**
 * The visitor's email of a claim just made: the code, its validity and where to
 * show it. Transactional (it delivers what the visitor asked for), so it needs no marketing consent.
 */
export function claimedCodeEmailOf(options: {
  campaignId: string;
  leadId: string;
  to: string;
  businessName: string;
  postalAddress: string;
  claim: Claim;
  timeZone: string;
  language?: Language;
  /** Enterprise: no LeadQR name in the email. */
  whiteLabel?: boolean;
}): OutboxEmail {
  return {
    kind: "offer_code",
    to: options.to,
    campaignId: options.campaignId,
    leadId: options.leadId,
    content: offerCodeEmail(
      {
        businessName: options.businessName,
        postalAddress: options.postalAddress,
        ...describeClaim(options.claim, options.timeZone, options.language),
        language: options.language,
        whiteLabel: options.whiteLabel,
      },
      "claimed",
    ),
  };
}

export type MailExistingCodeOptions = {
  campaignId: string;
  ownerId: string;
  to: string;
  businessName: string;
  /** The claim as drawn by its first claimant: the email belongs to that lead and goes with its erasure. */
  claim: IssuedClaim;
  timeZone: string;
  clientAddress: string;
  /** The language of the page this claim was made on: the email is in it. */
  language?: Language;
  /** Enterprise: no LeadQR name in the email. */
  whiteLabel?: boolean;
};

/**
 * Sends an already claimed code to the address that claimed it. At most one
 * visitor email per address and campaign a day (the "Double opt-in" rule; the confirmation email
 * carries the code too), and the client's visitor-email budget is spent, so the form cannot be
 * used to mail strangers. "sent" when the mailbox has or will get the code.
 */
export async function mailExistingCode(db: Database, options: MailExistingCodeOptions): Promise<"sent" | "not-sent"> {
  const [{ recent }] = (await db
    .select({ recent: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.campaignId, options.campaignId),
        inArray(emailOutbox.kind, ["offer_code", "consent_confirmation"]),
        sql`lower(${emailOutbox.to}) = lower(${options.to})`,
        gt(emailOutbox.createdAt, sql`now() - interval '1 day'`),
      ),
    )) as [{ recent: number }];
  if (recent > 0) return "sent";
  try {
    await consumeRateLimit("consentEmailByAddress", clientBudgetKey(options.clientAddress));
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return "not-sent";
    throw error;
  }
  const [identity] = await db
    .select({ postalAddress: businessIdentity.postalAddress })
    .from(businessIdentity)
    .where(eq(businessIdentity.userId, options.ownerId));
  try {
    await enqueueEmail(db, {
      kind: "offer_code",
      to: options.to,
      campaignId: options.campaignId,
      leadId: options.claim.leadId,
      content: offerCodeEmail(
        {
          businessName: options.businessName,
          postalAddress: identity?.postalAddress ?? "",
          ...describeClaim(options.claim, options.timeZone, options.language),
          language: options.language,
          whiteLabel: options.whiteLabel,
        },
        "claimed-again",
      ),
    });
  } catch (error) {
    // The claimant's lead was erased since the claim was read: its code is gone with it.
    if (isForeignKeyViolation(error)) return "not-sent";
    throw error;
  }
  return "sent";
}
