// The languages a campaign's sheet prints in (docs/features/visitor-languages.md): its page
// language, each language its owner translated the copy into, or the page's next to one of them.
// The owner's offer and condition stand on their own lines; the call to action never splices them.
import { copyIn, type CopyTranslations } from "~/features/campaigns/copy-translations";
import { translatorFor } from "~/features/languages/i18n.server";
import { isLanguage, LANGUAGE_NAMES, offeredLanguagesOf, type Language } from "~/features/languages/languages";
import { refused } from "~/features/languages/owner/refusals";
import { printableText } from "./print";

type PrintedCampaign = {
  language: string;
  copyTranslations: CopyTranslations;
  discount: string;
  minOrder: string;
  aiHeadline: string;
  aiThankyou: string;
};

/** Between the two languages of a bilingual sheet. */
const BETWEEN = " / ";

function offeredOf(campaign: PrintedCampaign) {
  return offeredLanguagesOf(isLanguage(campaign.language) ? campaign.language : "en", Object.keys(campaign.copyTranslations ?? {}));
}

/** What the print page offers: the page's language, each translated one, and each next to the page's. */
export function printLanguageChoices(campaign: PrintedCampaign) {
  const [page, ...translated] = offeredOf(campaign);
  return [
    { value: page!, languages: [page!] },
    ...translated.map((language) => ({ value: language, languages: [language] })),
    ...translated.map((language) => ({ value: `${page}-${language}`, languages: [page!, language] })),
  ].map((choice) => ({ value: choice.value, names: choice.languages.map((language) => LANGUAGE_NAMES[language]), isPage: choice.value === page }));
}

/**
 * The sheet's words in `lang` (`es`, `en-es`; the page's language when left out): the offer and
 * condition as the owner wrote them for each language, and the call to action. DomainError
 * `print_invalid` when the campaign has no copy in a language asked for.
 */
export function printWordsIn(campaign: PrintedCampaign, lang: string | undefined) {
  const offered = offeredOf(campaign);
  const asked = (lang ?? offered[0]!).split("-");
  const languages = asked.filter((language): language is Language => isLanguage(language) && offered.includes(language));
  if (languages.length !== asked.length || new Set(languages).size !== languages.length) {
    const names = offered.map((language) => `${LANGUAGE_NAMES[language]} (${language})`).join(", ");
    throw offered[1]
      ? refused("print_invalid", "print.noCopyOrPair", { names, pair: `${offered[0]}-${offered[1]}` })
      : refused("print_invalid", "print.noCopy", { names });
  }
  const original = { headline: campaign.aiHeadline, offer: campaign.discount, condition: campaign.minOrder, thankYou: campaign.aiThankyou };
  const each = languages.map((language) => ({
    ...copyIn(original, campaign.copyTranslations ?? {}, language),
    cta: translatorFor(language, "print")("cta"),
  }));
  const joined = (texts: string[]) => [...new Set(texts.map(printableText).filter(Boolean))].join(BETWEEN);
  return {
    languages,
    offer: joined(each.map((words) => words.offer)),
    condition: joined(each.map((words) => words.condition)),
    cta: joined(each.map((words) => words.cta)),
  };
}
