// What the catalogue parity tests (the visitor's and the owner's) read a language file as.

export type Tree = { [key: string]: string | Tree };

/** Every string of a language file under its path ("capture.form.name"). */
export function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

/** What must be the same in every translation of a string: its placeholders and its tags. */
export const markersOf = (text: string) => [...text.matchAll(/\{\{[^}]+\}\}|<\/?[a-z0-9]+\s*\/?>/gi)].map((found) => found[0]).sort();
