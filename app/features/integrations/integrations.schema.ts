import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "./events";

export const EndpointFormSchema = z.object({
  url: z.string().trim().min(1, "Enter the URL of your endpoint").max(2000, "The URL is too long"),
  // Checkboxes: none ticked posts nothing, one ticked posts a single value.
  events: z.preprocess(
    (value) => (value === undefined ? [] : [value].flat()),
    z.array(z.enum(WEBHOOK_EVENT_TYPES), { error: "Choose at least one event" }).min(1, "Choose at least one event"),
  ),
  description: z.string().trim().max(100, "Keep the description under 100 characters").default(""),
});

export const ApiKeyFormSchema = z.object({
  name: z.string({ error: "Name the key" }).trim().min(1, "Name the key, e.g. Zapier").max(60, "Keep the name under 60 characters"),
});
