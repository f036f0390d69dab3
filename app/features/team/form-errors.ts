// The team's forms check their fields in English (the schema's words, which the tests and the spec
// read); a member reads the same refusal in their language. The words are a namespace's `errors`.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { Language } from "~/features/languages/languages";
import { ownerT, type OwnerKey } from "~/features/languages/owner/owner-language";

type Namespace = "team" | "locations";

/** `values`: each error's key with the numbers it names. `en` writes a schema's message; `in` answers its field errors in a language. */
export function formErrors<K extends string>(namespace: Namespace, values: Record<K, Record<string, number>>) {
  const errorIn = (language: Language, key: K) => ownerT(namespace, language)(`errors.${key}` as OwnerKey<Namespace>, values[key]);
  const keys = Object.keys(values) as K[];
  return {
    en: (key: K) => errorIn("en", key),
    /** The field errors in a member's language; a message that is not one of these stays as it is. */
    in: (language: Language, fieldErrors: Record<string, string>): Record<string, string> =>
      Object.fromEntries(
        Object.entries(fieldErrors).map(([field, message]) => {
          const key = keys.find((candidate) => errorIn("en", candidate) === message);
          return [field, key ? errorIn(language, key) : message];
        }),
      ),
  };
}
