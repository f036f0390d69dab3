import type { FormResult } from "~/utils/form";

/** What the campaign analytics page's placement forms get back when a post is refused. */
export type PlacementActionData = {
  intent?: string;
  placementId?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: { name: string };
  /** Set when the fields failed the schema the form also checks with. */
  result?: FormResult;
};
