/** What the campaign analytics page's placement forms get back when a post is refused. */
export type PlacementActionData = {
  intent?: string;
  placementId?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: { name: string };
};
