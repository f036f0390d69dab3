/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
// Rules: docs/features/team.md ("Per-location numbers").

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
  return (
    <select id={id} name="location" defaultValue={selected ?? ""} key={`location-${selected ?? ""}`} className={className}>
      <option value="">All locations</option>
      {locations.map((place) => (
        <option key={place.id} value={place.id}>
          {place.name}
        </option>
      ))}
    </select>
  );
}
