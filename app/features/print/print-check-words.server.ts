// The print check in the member's language: each finding's words (`say`) through the catalogue,
// the English `text` where a finding has none (the text-fit refusal). Rules: docs/features/campaigns-and-print.md.
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";
import type { CheckItem, PrintCheck } from "./print";

/** One finding in a language. */
export function checkTextIn(item: CheckItem, language: Language): string {
  const say = item.say;
  if (!say) return item.text;
  if (say.key !== "addressWarn") return ownerT("printCheck", language)(say.key, say.values);
  const t = ownerT("address", language);
  const { origin, reach, unreachableBecause } = say.values;
  const [title, text] =
    reach === "unencrypted"
      ? [t("unencrypted.title"), t("unencrypted.text", { origin })]
      : reach === "local-network"
        ? [t("localNetwork.title"), t("localNetwork.text", { origin })]
        : [t("unreachable.title"), t(unreachableBecause === "nowhere" ? "unreachable.nowhere" : "unreachable.thisComputer", { origin })];
  return `${title}. ${text} ${t("fix")}`;
}

/** The whole check in a language: every finding, and the refusal that stops the PDF. */
export function printCheckIn(check: PrintCheck, language: Language): PrintCheck {
  const items = check.items.map((item) => ({ ...item, text: checkTextIn(item, language) }));
  const refused = items.find((item) => item.status === "refuse");
  return { ...check, items, refusal: refused?.text ?? check.refusal };
}
