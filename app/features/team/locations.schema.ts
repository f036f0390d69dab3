import { z } from "zod";
import { cleanInput } from "~/utils/text";
import { formErrors } from "./form-errors";

export const LOCATION_NAME_MAX = 60;
export const LOCATION_ADDRESS_MAX = 200;
/** More places than any small chain has; keeps the pickers short. */
export const LOCATIONS_PER_BUSINESS = 100;

const oneLine = (value: string) => cleanInput(value).replace(/\s+/g, " ").trim();

/** Whether Node knows the zone (the location's times are written with it). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
}

const ERRORS = formErrors("locations", {
  nameMissing: {},
  nameTooLong: { max: LOCATION_NAME_MAX },
  addressTooLong: { max: LOCATION_ADDRESS_MAX },
  timeZone: {},
});

/** The schema's field errors in a member's language. */
export const locationErrorsIn = ERRORS.in;

const LocationFields = {
  name: z
    .string({ error: ERRORS.en("nameMissing") })
    .transform(oneLine)
    .pipe(z.string().min(1, ERRORS.en("nameMissing")).max(LOCATION_NAME_MAX, ERRORS.en("nameTooLong"))),
  address: z
    .string()
    .optional()
    .transform((value) => oneLine(value ?? ""))
    .pipe(z.string().max(LOCATION_ADDRESS_MAX, ERRORS.en("addressTooLong"))),
  timeZone: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value === "" || isTimeZone(value), ERRORS.en("timeZone")),
};

export const LocationCreateSchema = z.object(LocationFields);
export const LocationUpdateSchema = z.object({ locationId: z.uuid("Location not found"), ...LocationFields });
export const LocationDeleteSchema = z.object({ locationId: z.uuid("Location not found") });
export type LocationInput = z.output<typeof LocationCreateSchema>;
