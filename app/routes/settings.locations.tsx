import { MapPin, Pencil, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Message, Section, SubmitButton } from "~/features/integrations/integrations-ui";
import type { Language } from "~/features/languages/languages";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { planIncludesTeams } from "~/features/team/team";
import { TeamPlanNote } from "~/features/team/team-plan-note";
import {
  LOCATION_ADDRESS_MAX,
  LOCATION_NAME_MAX,
  LocationCreateSchema,
  LocationDeleteSchema,
  locationErrorsIn,
  LocationUpdateSchema,
} from "~/features/team/locations.schema";
import { createLocation, deleteLocation, listLocations, updateLocation, type LocationRow } from "~/features/team/locations.server";
import { requireBusiness, type Acting } from "~/features/team/member.server";
import { answerDomainError, formFields, notFound, readForm, submit, type Refused } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.locations";

export async function loader({ request }: Route.LoaderArgs) {
  const acting = await requireBusiness(request);
  const { db } = await getServices();
  return {
    included: planIncludesTeams(acting.plan),
    locations: await listLocations(db, { businessId: acting.businessId }),
    timeZones: Intl.supportedValuesOf("timeZone"),
  };
}

type ActionData = {
  form: "add" | "update" | "delete";
  locationId?: string;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: { name?: string; address?: string; timeZone?: string };
};

const echo = (form: ActionData["form"], fields: Record<string, string>): ActionData => ({
  form,
  locationId: fields.locationId,
  values: { name: (fields.name ?? "").slice(0, 200), address: (fields.address ?? "").slice(0, 400), timeZone: fields.timeZone },
});

/** Each form posts its own intent; the plan is checked here, whatever the page showed. */
export async function action({ request }: Route.ActionArgs) {
  const acting = await requireBusiness(request);
  const fields = formFields(await readForm(request));
  const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
  const form: ActionData["form"] = fields.intent === "update" ? "update" : fields.intent === "delete" ? "delete" : "add";
  if (!planIncludesTeams(acting.plan)) return data<ActionData>({ ...echo(form, fields), error: ownerT("team", language)("plan") }, { status: 403 });
  const post: LocationPost = { acting, fields, language };
  return answerDomainError(
    async () => {
      if (fields.intent === "add") return await addLocation(post);
      if (fields.intent === "update") return await changeLocation(post);
      if (fields.intent === "delete") return await removeLocation(post);
      return data<ActionData>({ form: "add", error: "Unknown action" }, { status: 400 });
    },
    (refused): ActionData => {
      const reply = echo(form, fields);
      return refused.code === "location_name_taken" ? { ...reply, fieldErrors: { name: refused.message } } : { ...reply, error: refused.message };
    },
  );
}

type LocationPost = { acting: Acting; fields: Record<string, string>; language: Language };

/** The form's own checks answer in English (the schema's); the member reads them in their language. */
function refusedForm(refused: Refused<ActionData>, language: Language) {
  return data<ActionData>({ ...refused.response.data, fieldErrors: locationErrorsIn(language, refused.fieldErrors) }, { status: 400 });
}

async function addLocation({ acting, fields, language }: LocationPost) {
  const parsed = submit(LocationCreateSchema, fields, { reply: echo("add", fields) });
  if (!parsed.ok) return refusedForm(parsed, language);
  const { db } = await getServices();
  const added = await createLocation(db, { businessId: acting.businessId, input: parsed.value, language });
  return data<ActionData>({ form: "add", message: ownerT("locations", language)("notices.added", { name: added.name }) });
}

async function changeLocation({ acting, fields, language }: LocationPost) {
  const parsed = submit(LocationUpdateSchema, fields, { reply: echo("update", fields) });
  if (!parsed.ok) return refusedForm(parsed, language);
  const { db } = await getServices();
  const { locationId, ...input } = parsed.value;
  if (!(await updateLocation(db, { businessId: acting.businessId, locationId, input, language }))) notFound("Location not found");
  return data<ActionData>({ form: "update", locationId, message: ownerT("locations", language)("notices.saved", { name: input.name }) });
}

async function removeLocation({ acting, fields, language }: LocationPost) {
  const parsed = submit(LocationDeleteSchema, fields);
  if (!parsed.ok) notFound("Location not found");
  const { db } = await getServices();
  // Already gone (a double submit, another tab) is what the owner asked for.
  await deleteLocation(db, { businessId: acting.businessId, locationId: parsed.value.locationId });
  return data<ActionData>({ form: "delete", message: ownerT("locations", language)("notices.deleted") });
}

export default function Locations({ loaderData, actionData }: Route.ComponentProps) {
  const { included, locations, timeZones } = loaderData;
  const t = useOwnerT("locations");
  const answer = (form: ActionData["form"], locationId?: string) =>
    actionData?.form === form && (locationId === undefined || actionData.locationId === locationId) ? (actionData as ActionData) : undefined;
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/settings" className={buttonClass({ variant: "secondary", size: "sm" })}>
            {t("back")}
          </Link>
        }
      />
      {!included ? <TeamPlanNote /> : null}
      <Section title={t("add.title")} description={t("add.description")}>
        <LocationForm intent="add" disabled={!included} timeZones={timeZones} answer={answer("add")} />
      </Section>
      <Section title={t("list.title")}>
        <Message result={answer("delete")} />
        {locations.length === 0 ? (
          <p className="text-sm text-gray-600">{t("list.empty")}</p>
        ) : (
          <ul className="divide-y divide-gray-200" aria-label={t("list.label")}>
            {locations.map((place) => (
              <LocationItem key={place.id} place={place} disabled={!included} timeZones={timeZones} answer={answer("update", place.id)} />
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}

function LocationItem({ place, disabled, timeZones, answer }: { place: LocationRow; disabled: boolean; timeZones: string[]; answer?: ActionData }) {
  const t = useOwnerT("locations");
  const navigation = useNavigation();
  const deleting = navigation.formData?.get("intent") === "delete" && navigation.formData.get("locationId") === place.id;
  return (
    <li className="py-4" aria-labelledby={`location-${place.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={`location-${place.id}`} className="flex items-center gap-1 font-medium break-words text-gray-900">
            <MapPin aria-hidden className="h-4 w-4 shrink-0 text-gray-500" /> {place.name}
          </p>
          {place.address ? <p className="text-sm break-words text-gray-600">{place.address}</p> : null}
          <p className="text-sm text-gray-600">
            {place.timeZone ?? t("list.yourTimeZone")} · {t("list.placements", { count: place.placements })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <details open={Boolean(answer?.error || answer?.fieldErrors)}>
            <summary
              className={buttonClass({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })}
              aria-label={t("list.editNamed", { name: place.name })}
            >
              <Pencil aria-hidden className="h-4 w-4" /> {t("list.edit")}
            </summary>
            <div className="mt-3">
              <LocationForm intent="update" place={place} disabled={disabled} timeZones={timeZones} answer={answer} />
            </div>
          </details>
          {/* The confirmation is a second step in the page itself: it works without JavaScript. */}
          <details>
            <summary
              className={buttonClass({ variant: "danger-outline", size: "sm", className: "cursor-pointer list-none" })}
              aria-label={t("list.deleteNamed", { name: place.name })}
            >
              <Trash2 aria-hidden className="h-4 w-4" /> {t("list.delete")}
            </summary>
            <Form method="post" className="mt-2 max-w-72 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
              <p className="text-red-800">{t("list.deleteQuestion", { name: place.name })}</p>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="locationId" value={place.id} />
              <Button type="submit" variant="danger" size="sm" className="mt-2" disabled={deleting}>
                {t("list.deleteConfirm", { name: place.name })}
              </Button>
            </Form>
          </details>
        </div>
      </div>
      {answer?.message ? (
        <div className="mt-2">
          <Message result={answer} />
        </div>
      ) : null}
    </li>
  );
}

function LocationForm(props: { intent: "add" | "update"; place?: LocationRow; disabled: boolean; timeZones: string[]; answer?: ActionData }) {
  const { intent, place, disabled, timeZones, answer } = props;
  const t = useOwnerT("locations");
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === intent && (intent === "add" || navigation.formData.get("locationId") === place?.id);
  const prefix = place ? `location-${place.id}` : "new-location";
  const refused = answer && !answer.message;
  const values = refused ? answer.values : { name: place?.name, address: place?.address ?? "", timeZone: place?.timeZone ?? "" };
  return (
    <Form method="post" className="space-y-4" key={refused ? "refused" : `${place?.name}-${answer?.message ?? ""}`}>
      <input type="hidden" name="intent" value={intent} />
      {place ? <input type="hidden" name="locationId" value={place.id} /> : null}
      <fieldset disabled={disabled} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="sr-only">{place ? t("list.editNamed", { name: place.name }) : t("add.legend")}</legend>
        <Field id={`${prefix}-name`} label={t("form.name")} errors={answer?.fieldErrors?.name}>
          {(control) => (
            <Input
              {...control}
              name="name"
              required
              maxLength={LOCATION_NAME_MAX}
              placeholder={t("form.namePlaceholder")}
              defaultValue={values?.name}
            />
          )}
        </Field>
        <Field id={`${prefix}-time-zone`} label={t("form.timeZone")} errors={answer?.fieldErrors?.timeZone}>
          {(control) => (
            <Select {...control} name="timeZone" defaultValue={values?.timeZone ?? ""}>
              <option value="">{t("form.sameAsYours")}</option>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${prefix}-address`} label={t("form.address")} errors={answer?.fieldErrors?.address} className="sm:col-span-2">
          {(control) => (
            <Input {...control} name="address" maxLength={LOCATION_ADDRESS_MAX} autoComplete="street-address" defaultValue={values?.address} />
          )}
        </Field>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} disabled={disabled}>
          {place ? t("form.save") : t("add.submit")}
        </SubmitButton>
        {intent === "add" ? <Message result={answer} /> : answer?.error ? <Message result={answer} /> : null}
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("locations", ownerLanguageIn(matches))("pageTitle") }];
