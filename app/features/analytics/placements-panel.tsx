import { cardClass } from "~/components/ui/card";
import { Download, FileCode, Pencil, Plus, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { PLACEMENT_NAME_MAX, PLACEMENTS_PER_CAMPAIGN } from "./analytics.schema";
import type { PlacementFigures } from "./analytics.server";
import type { PlacementActionData } from "./placement-actions.server";

export const placementQrUrl = (campaignId: string, placementId: string, format: "png" | "svg") =>
  `/campaigns/${campaignId}/placements/${placementId}/qr.${format}`;

const INPUT = "w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none";
const BUTTON = "inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium";

/**
 * The placements of a campaign (window poster, table tent, flyer…): each with its own QR code,
 * compared side by side; added, renamed and deleted with plain forms (no JavaScript needed).
 */
export function PlacementsPanel(props: { campaignId: string; placements: PlacementFigures[]; actionData: PlacementActionData | undefined }) {
  const { campaignId, placements, actionData } = props;
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const named = placements.filter((row): row is PlacementFigures & { id: string } => row.id !== null);
  const addError = actionData?.intent === "addPlacement" ? (actionData.fieldErrors?.name ?? actionData.formError) : undefined;
  const canAdd = named.length < PLACEMENTS_PER_CAMPAIGN;

  return (
    <section id="placements" aria-labelledby="placements-title" className={cardClass({ padding: "md" })}>
      <h3 id="placements-title" className="text-lg font-semibold text-gray-900">
        Placements
      </h3>
      <p className="mt-1 text-sm text-gray-600">
        Print one campaign in several places: each placement gets its own QR code, so you can see which copy brings people in.
      </p>

      {canAdd ? (
        <Form method="post" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start" aria-label="Add a placement">
          <input type="hidden" name="intent" value="addPlacement" />
          <div className="flex-1">
            <label htmlFor="placement-name" className="sr-only">
              Placement name
            </label>
            <input
              id="placement-name"
              name="name"
              required
              maxLength={PLACEMENT_NAME_MAX}
              placeholder="e.g. Window poster"
              defaultValue={addError ? actionData?.values?.name : undefined}
              key={addError ? "error" : named.length}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? "placement-name-error" : undefined}
              className={INPUT}
            />
            {addError ? (
              <p id="placement-name-error" role="alert" className="mt-1 text-sm text-red-600">
                {addError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${BUTTON} bg-blue-600 text-white hover:bg-blue-700`} disabled={busyIntent === "addPlacement"}>
            <Plus aria-hidden className="h-4 w-4" />
            {busyIntent === "addPlacement" ? "Adding..." : "Add placement"}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-gray-600">This campaign has the most placements a campaign can have ({PLACEMENTS_PER_CAMPAIGN}).</p>
      )}

      <div className="relative mt-4 overflow-x-auto" role="region" aria-label="Placements compared" tabIndex={0}>
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Scans, unique scans, leads and conversion per placement in the chosen range</caption>
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Placement
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Scans
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Unique
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Leads
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Conversion
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {placements.map((row) => (
              <tr key={row.id ?? "none"} data-testid="placement-row">
                <th scope="row" className="px-3 py-2 font-medium text-gray-900">
                  {row.id ? row.name : <span className="font-normal text-gray-500 italic">No placement (campaign code or shared link)</span>}
                </th>
                <td className="px-3 py-2 text-right">{row.scans.toLocaleString("en-US")}</td>
                <td className="px-3 py-2 text-right">{row.unique.toLocaleString("en-US")}</td>
                <td className="px-3 py-2 text-right">{row.leads.toLocaleString("en-US")}</td>
                <td className="px-3 py-2 text-right">{row.conversion}%</td>
                <td className="px-3 py-2">
                  {row.id ? <PlacementActions campaignId={campaignId} placement={{ id: row.id, name: row.name }} actionData={actionData} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-gray-500">Conversion is leads ÷ unique scans.</p>
    </section>
  );
}

function PlacementActions({
  campaignId,
  placement,
  actionData,
}: {
  campaignId: string;
  placement: { id: string; name: string };
  actionData: PlacementActionData | undefined;
}) {
  const renameError =
    actionData?.intent === "renamePlacement" && actionData.placementId === placement.id
      ? (actionData.fieldErrors?.name ?? actionData.formError)
      : undefined;
  const inputId = `rename-${placement.id}`;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <a
        href={placementQrUrl(campaignId, placement.id, "png")}
        download
        className={`${BUTTON} border border-gray-300 text-gray-700 hover:bg-gray-50`}
        aria-label={`Download PNG for ${placement.name}`}
      >
        <Download aria-hidden className="h-4 w-4" /> PNG
      </a>
      <a
        href={placementQrUrl(campaignId, placement.id, "svg")}
        download
        className={`${BUTTON} border border-gray-300 text-gray-700 hover:bg-gray-50`}
        aria-label={`Download SVG for ${placement.name}`}
      >
        <FileCode aria-hidden className="h-4 w-4" /> SVG
      </a>
      <details open={Boolean(renameError)} className="group">
        <summary
          className={`${BUTTON} cursor-pointer list-none border border-gray-300 text-gray-700 hover:bg-gray-50`}
          aria-label={`Rename ${placement.name}`}
        >
          <Pencil aria-hidden className="h-4 w-4" /> Rename
        </summary>
        <Form method="post" className="mt-2 flex gap-2">
          <input type="hidden" name="intent" value="renamePlacement" />
          <input type="hidden" name="placementId" value={placement.id} />
          <label htmlFor={inputId} className="sr-only">
            New name for {placement.name}
          </label>
          <input
            id={inputId}
            name="name"
            required
            maxLength={PLACEMENT_NAME_MAX}
            defaultValue={renameError ? actionData?.values?.name : placement.name}
            aria-invalid={renameError ? true : undefined}
            aria-describedby={renameError ? `${inputId}-error` : undefined}
            className={`${INPUT} min-w-40`}
          />
          <button type="submit" className={`${BUTTON} bg-blue-600 text-white hover:bg-blue-700`}>
            Save
          </button>
        </Form>
        {renameError ? (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {renameError}
          </p>
        ) : null}
      </details>
      {/* The confirmation is a second step in the page itself: it works without JavaScript. */}
      <details>
        <summary
          className={`${BUTTON} cursor-pointer list-none border border-red-200 text-red-700 hover:bg-red-50`}
          aria-label={`Delete ${placement.name}`}
        >
          <Trash2 aria-hidden className="h-4 w-4" /> Delete
        </summary>
        <Form method="post" className="mt-2 max-w-64 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <p className="text-red-800">
            Delete “{placement.name}”? Its QR code stops attributing scans; past scans and leads stay in the campaign’s totals.
          </p>
          <input type="hidden" name="intent" value="deletePlacement" />
          <input type="hidden" name="placementId" value={placement.id} />
          <button type="submit" className={`${BUTTON} mt-2 bg-red-600 text-white hover:bg-red-700`}>
            Yes, delete “{placement.name}”
          </button>
        </Form>
      </details>
    </div>
  );
}
