// Rules: docs/features/team.md ("Campaigns limited to locations").
import { useState } from "react";
import { useOwnerT } from "~/features/languages/owner/owner-language";

/** The owner's choice in the wizard: where the campaign runs. */
export type LocationsChoice = {
  /** The business's locations; the field shows only when there is one. */
  locations: Array<{ id: string; name: string }>;
  /** The campaign's limits: null for all locations, else the ids it runs at ([] once they were all deleted). */
  chosen: string[] | null;
};

/**
 * "All locations" or some of them (`locationsLimit` = all | some, `locationIds` boxes). Without
 * JavaScript the boxes always show; the server reads them only with "some".
 */
export function CampaignLocationsField({ choice, error, id, showAll }: { choice: LocationsChoice; error?: string; id: string; showAll: boolean }) {
  const t = useOwnerT("wizard");
  const [limited, setLimited] = useState(choice.chosen !== null);
  if (choice.locations.length === 0) return null;
  const errorId = `${id}-locations-error`;
  // As the code validity's choices beside it; the boxes as tall as Settings → Team's location boxes.
  const optionClass = "flex items-center gap-2 text-sm text-gray-800";
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : `${id}-locations-hint`} data-testid="campaign-locations-field">
      <legend className="block text-sm font-medium text-gray-700">{t("locations.title")}</legend>
      <p id={`${id}-locations-hint`} className="text-xs text-gray-500">
        {t("locations.hint")}
      </p>
      {choice.chosen !== null && choice.chosen.length === 0 ? <p className="text-xs text-amber-800">{t("locations.noneLeft")}</p> : null}
      <label className={optionClass}>
        <input type="radio" name="locationsLimit" value="all" defaultChecked={!limited} onChange={() => setLimited(false)} />
        {t("locations.all")}
      </label>
      <label className={optionClass}>
        <input type="radio" name="locationsLimit" value="some" defaultChecked={limited} onChange={() => setLimited(true)} />
        {t("locations.some")}
      </label>
      <div hidden={!limited && !showAll} className="flex flex-wrap gap-x-4 pl-6">
        {choice.locations.map((place) => (
          <label key={place.id} className={`${optionClass} min-h-11`}>
            <input
              type="checkbox"
              name="locationIds"
              value={place.id}
              defaultChecked={choice.chosen?.includes(place.id) ?? false}
              className="h-4 w-4"
            />
            {place.name}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
