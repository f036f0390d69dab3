// Rules: docs/features/team.md ("Per-location numbers").
import { useOwnerT } from "~/features/languages/owner/owner-language";

/**
 * The location filter's select (`name="location"`, empty for all): the dashboard's form and the
 * campaign page's range form both post it, listing only the locations the user may see.
 */
export function LocationSelect({
  id,
  locations,
  selected,
  className,
}: {
  id: string;
  locations: Array<{ id: string; name: string }>;
  selected: string | null;
  className: string;
}) {
  const t = useOwnerT("locations");
  return (
    <select id={id} name="location" defaultValue={selected ?? ""} key={`location-${selected ?? ""}`} className={className}>
      <option value="">{t("all")}</option>
      {locations.map((place) => (
        <option key={place.id} value={place.id}>
          {place.name}
        </option>
      ))}
    </select>
  );
}
