import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "./events";

/** The forms' messages, in the member's language (the owner catalogue's `refusals.forms`): one schema for the browser and the action. */
export type IntegrationFormMessages = {
  urlRequired: string;
  urlTooLong: string;
  chooseEvent: string;
  descriptionTooLong: string;
  nameKey: string;
  nameKeyExample: string;
  nameTooLong: string;
};

export function endpointFormSchemaIn(messages: IntegrationFormMessages) {
  return z.object({
    url: z.string().trim().min(1, messages.urlRequired).max(2000, messages.urlTooLong),
    // Checkboxes: none ticked posts nothing, one ticked posts a single value.
    events: z.preprocess(
      (value) => (value === undefined ? [] : [value].flat()),
      z.array(z.enum(WEBHOOK_EVENT_TYPES), { error: messages.chooseEvent }).min(1, messages.chooseEvent),
    ),
    description: z.string().trim().max(100, messages.descriptionTooLong).default(""),
  });
}

export function apiKeyFormSchemaIn(messages: IntegrationFormMessages) {
  return z.object({
    name: z.string({ error: messages.nameKey }).trim().min(1, messages.nameKeyExample).max(60, messages.nameTooLong),
  });
}
