import { Table, TableScroller, TBody, Td, Th, THead } from "~/components/ui/table";
import { Download, FileCode, Pencil, Plus, Printer, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FieldError, type FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { printPageUrl } from "~/features/campaigns/campaigns";
import { useOwnerNumbers, useOwnerT, type OwnerT } from "~/features/languages/owner/owner-language";
import { getFormProps, useValidatedForm } from "~/utils/form";
import { PLACEMENT_NAME_MAX, PLACEMENTS_PER_CAMPAIGN, PlacementCreateSchema, PlacementRenameSchema } from "./placements.schema";
import type { PlacementFigures } from "./placements.server";
import type { PlacementActionData } from "./placement-actions.server";

export const placementQrUrl = (campaignId: string, placementId: string, format: "png" | "svg") =>
  `/campaigns/${campaignId}/placements/${placementId}/qr.${format}`;

// The row's first cell is its name (a row header); the actions column has no visible label.
const placementColumns = (t: OwnerT<"placements">) => ["", t("columns.scans"), t("columns.unique"), t("columns.leads"), t("columns.conversion")];

const rowAction = (variant: "secondary" | "danger-outline") => buttonClass({ variant, size: "sm", className: "cursor-pointer list-none" });

/**
 * The placements of a campaign (window poster, table tent, flyer…): each with its own QR code,
 * compared side by side; added, renamed and deleted with plain forms (no JavaScript needed).
 */
type Place = { id: string; name: string };

export function PlacementsPanel(props: {
  campaignId: string;
  placements: PlacementFigures[];
  /** The business's locations (Settings → Locations); none: no location picker. */
  locations?: Place[];
  /** Each placement's location id (null: none). */
  placementLocations?: Record<string, string | null>;
  /** The locations the forms offer (default: `locations`): a limited campaign's only (docs/features/team.md). */
  pickable?: Place[];
  actionData: PlacementActionData | undefined;
  /** A viewer's page: the figures without the forms (docs/features/team.md). */
  readOnly?: boolean;
  /** A manager's page: a placement goes to one of their locations, never to none (the server refuses it). */
  atLocationsOnly?: boolean;
}) {
  const { campaignId, placements, actionData, locations = [], placementLocations = {}, readOnly = false, atLocationsOnly = false } = props;
  const pickable = props.pickable ?? locations;
  const locationName = (placementId: string) => locations.find((place) => place.id === placementLocations[placementId])?.name;
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const named = placements.filter((row): row is PlacementFigures & { id: string } => row.id !== null);
  const added = actionData?.intent === "addPlacement" ? actionData : undefined;
  const [addForm, addFields] = useValidatedForm(PlacementCreateSchema, { id: "add-placement", lastResult: added?.result });
  const canAdd = !readOnly && named.length < PLACEMENTS_PER_CAMPAIGN && (!atLocationsOnly || pickable.length > 0);
  const t = useOwnerT("placements");
  const { count, percent } = useOwnerNumbers();
  const addNameProps = nameErrorProps("placement-name", addFields.name.errors, refusalOf(added));

  return (
    <section id="placements" aria-labelledby="placements-title" className={cardClass({ padding: "md" })}>
      <h3 id="placements-title" className="text-lg font-semibold text-gray-900">
        {t("title")}
      </h3>
      <p className="mt-1 text-sm text-gray-600">{t("intro")}</p>

      {canAdd ? (
        <Form method="post" {...getFormProps(addForm)} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start" aria-label={t("addForm")}>
          <input type="hidden" name="intent" value="addPlacement" />
          <div className="flex-1">
            <label htmlFor="placement-name" className="sr-only">
              {t("name")}
            </label>
            <Input
              id="placement-name"
              name="name"
              required
              maxLength={PLACEMENT_NAME_MAX}
              placeholder={t("namePlaceholder")}
              defaultValue={added?.values?.name}
              key={added ? "error" : named.length}
              {...addNameProps}
            />
            <NameErrors id="placement-name" errors={addFields.name.errors} refusal={refusalOf(added)} />
          </div>
          <LocationPicker id="placement-location" label={t("location")} locations={pickable} atLocationsOnly={atLocationsOnly} />
          <Button type="submit" size="md" disabled={busyIntent === "addPlacement"}>
            <Plus aria-hidden className="h-4 w-4" />
            {busyIntent === "addPlacement" ? t("adding") : t("add")}
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-gray-600">{t("atLimit", { limit: count(PLACEMENTS_PER_CAMPAIGN) })}</p>
      )}

      <TableScroller label={t("compared")} className="mt-4">
        <Table caption={t("caption")} density="sm" stackOnPhone>
          <THead>
            <Th>{t("columns.placement")}</Th>
            <Th align="right">{t("columns.scans")}</Th>
            <Th align="right">{t("columns.unique")}</Th>
            <Th align="right">{t("columns.leads")}</Th>
            <Th align="right">{t("columns.conversion")}</Th>
            <Th>
              <span className="sr-only">{t("columns.actions")}</span>
            </Th>
          </THead>
          <TBody labels={placementColumns(t)}>
            {placements.map((row) => (
              <tr key={row.id ?? "none"} data-testid="placement-row">
                <Th scope="row" className="font-medium text-gray-900">
                  {row.id ? row.name : <span className="font-normal text-gray-500 italic">{t("none")}</span>}
                  {row.id && locationName(row.id) ? (
                    <span className="block text-xs font-normal text-gray-600">{t("at", { location: locationName(row.id)! })}</span>
                  ) : null}
                </Th>
                <Td align="right">{count(row.scans)}</Td>
                <Td align="right">{count(row.unique)}</Td>
                <Td align="right">{count(row.leads)}</Td>
                <Td align="right">{percent(row.conversion)}</Td>
                <Td>
                  {row.id && !readOnly ? (
                    <PlacementActions
                      campaignId={campaignId}
                      placement={{ id: row.id, name: row.name, locationId: placementLocations[row.id] ?? null }}
                      locations={pickable}
                      actionData={actionData}
                      atLocationsOnly={atLocationsOnly}
                    />
                  ) : null}
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      </TableScroller>
      <p className="mt-2 text-xs text-gray-500">{t("note")}</p>
    </section>
  );
}

/** Which location a placement belongs to; shown only once the business has locations. */
function LocationPicker(props: { id: string; label: string; locations: Place[]; current?: string | null; atLocationsOnly?: boolean }) {
  const { id, label, locations, current, atLocationsOnly } = props;
  const t = useOwnerT("placements");
  if (locations.length === 0) return null;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} name="locationId" defaultValue={current ?? (atLocationsOnly ? locations[0]!.id : "")} size="md">
        {atLocationsOnly ? null : <option value="">{t("noLocation")}</option>}
        {locations.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

function PlacementActions({
  campaignId,
  placement,
  locations,
  actionData,
  atLocationsOnly,
}: {
  campaignId: string;
  placement: { id: string; name: string; locationId: string | null };
  locations: Place[];
  actionData: PlacementActionData | undefined;
  atLocationsOnly: boolean;
}) {
  const renamed = actionData?.intent === "renamePlacement" && actionData.placementId === placement.id ? actionData : undefined;
  const [form, fields] = useValidatedForm(PlacementRenameSchema, { id: `rename-form-${placement.id}`, lastResult: renamed?.result });
  const inputId = `rename-${placement.id}`;
  const t = useOwnerT("placements");
  const name = placement.name;
  const edits = locations.length > 0;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <a
        href={placementQrUrl(campaignId, placement.id, "png")}
        download
        className={buttonClass({ variant: "secondary", size: "sm" })}
        aria-label={t("downloadPng", { name })}
      >
        <Download aria-hidden className="h-4 w-4" /> PNG
      </a>
      <a
        href={placementQrUrl(campaignId, placement.id, "svg")}
        download
        className={buttonClass({ variant: "secondary", size: "sm" })}
        aria-label={t("downloadSvg", { name })}
      >
        <FileCode aria-hidden className="h-4 w-4" /> SVG
      </a>
      <Link
        to={printPageUrl(campaignId, placement.id)}
        className={buttonClass({ variant: "secondary", size: "sm" })}
        aria-label={t("printNamed", { name })}
      >
        <Printer aria-hidden className="h-4 w-4" /> {t("print")}
      </Link>
      <details open={Boolean(renamed)} className="group">
        <summary className={rowAction("secondary")} aria-label={edits ? t("editNamed", { name }) : t("renameNamed", { name })}>
          <Pencil aria-hidden className="h-4 w-4" /> {edits ? t("edit") : t("rename")}
        </summary>
        <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="renamePlacement" />
          <input type="hidden" name="placementId" value={placement.id} />
          <label htmlFor={inputId} className="sr-only">
            {t("newName", { name })}
          </label>
          <Input
            id={inputId}
            name="name"
            required
            maxLength={PLACEMENT_NAME_MAX}
            defaultValue={renamed ? renamed.values?.name : placement.name}
            className="min-w-40"
            {...nameErrorProps(inputId, fields.name.errors, refusalOf(renamed))}
          />
          <LocationPicker
            id={`location-of-${placement.id}`}
            label={t("locationOf", { name })}
            locations={locations}
            current={placement.locationId}
            atLocationsOnly={atLocationsOnly}
          />
          <Button type="submit" size="sm">
            {t("save")}
          </Button>
        </Form>
        <NameErrors id={inputId} errors={fields.name.errors} refusal={refusalOf(renamed)} />
      </details>
      {/* The confirmation is a second step in the page itself: it works without JavaScript. */}
      <details>
        <summary className={rowAction("danger-outline")} aria-label={t("deleteNamed", { name })}>
          <Trash2 aria-hidden className="h-4 w-4" /> {t("delete")}
        </summary>
        <Form method="post" className="mt-2 max-w-64 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <p className="text-red-800">{t("deleteQuestion", { name })}</p>
          <input type="hidden" name="intent" value="deletePlacement" />
          <input type="hidden" name="placementId" value={placement.id} />
          <Button type="submit" variant="danger" size="sm" className="mt-2">
            {t("deleteConfirm", { name })}
          </Button>
        </Form>
      </details>
    </div>
  );
}

/** What only the server finds (a taken name, the placement limit): the form's alert, where it always was. */
function refusalOf(answer: PlacementActionData | undefined) {
  return answer && !answer.result ? (answer.fieldErrors?.name ?? answer.formError) : undefined;
}

function nameErrorProps(id: string, errors: FieldErrors, refusal: string | undefined) {
  const describedBy = [errors ? `${id}-error` : null, refusal ? `${id}-refusal` : null].filter(Boolean).join(" ");
  return { "aria-invalid": errors || refusal ? (true as const) : undefined, "aria-describedby": describedBy || undefined };
}

/** The schema's message at the field (checked as the owner types) and the server's refusal. */
function NameErrors({ id, errors, refusal }: { id: string; errors: FieldErrors; refusal: string | undefined }) {
  return (
    <>
      <FieldError id={`${id}-error`} errors={errors} />
      {refusal ? (
        <p id={`${id}-refusal`} role="alert" className="mt-1 text-sm text-red-600">
          {refusal}
        </p>
      ) : null}
    </>
  );
}
