// Settings' "Language": the language of the member's own screens, stored on their sign-in.
// The form reloads the whole page, so every screen and the catalogue the browser loads change
// together (docs/features/visitor-languages.md, "The owner's screens").
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { LANGUAGE_NAMES, type Language } from "~/features/languages/languages";
import { OWNER_LANGUAGES } from "~/features/languages/owner/owner-catalogues";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { Section } from "./account-sections";

/** `chosen`: the stored choice, null while the screens follow the browser. */
export function LanguageSection({ chosen }: { chosen: Language | null }) {
  const t = useOwnerT("settings");
  return (
    <Section id="section-language" title={t("language.title")} description={t("language.description")}>
      <Form method="post" reloadDocument className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="language" />
        <label className="grid gap-1 text-sm font-medium text-gray-700">
          {t("language.label")}
          <Select name="language" defaultValue={chosen ?? ""}>
            <option value="">{t("language.browser")}</option>
            {OWNER_LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit">{t("language.save")}</Button>
      </Form>
    </Section>
  );
}
