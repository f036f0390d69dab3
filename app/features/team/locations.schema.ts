import { z } from "zod";
import { cleanInput } from "~/utils/text";

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

const LocationFields = {
  name: z
    .string({ error: "Please give the location a name" })
    .transform(oneLine)
    .pipe(z.string().min(1, "Please give the location a name").max(LOCATION_NAME_MAX, `Location names are at most ${LOCATION_NAME_MAX} characters`)),
  address: z
    .string()
    .optional()
    .transform((value) => oneLine(value ?? ""))
    .pipe(z.string().max(LOCATION_ADDRESS_MAX, `Addresses are at most ${LOCATION_ADDRESS_MAX} characters`)),
  timeZone: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .refine((value) => value === "" || isTimeZone(value), "Choose a time zone from the list"),
};

export const LocationCreateSchema = z.object(LocationFields);
export const LocationUpdateSchema = z.object({ locationId: z.uuid("Location not found"), ...LocationFields });
export const LocationDeleteSchema = z.object({ locationId: z.uuid("Location not found") });
export type LocationInput = z.output<typeof LocationCreateSchema>;
