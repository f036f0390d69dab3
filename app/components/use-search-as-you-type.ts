import { useEffect, useRef, type FormEvent } from "react";
import { useSubmit } from "react-router";

/** How long typing must pause before the list is asked again: a query per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Props for a GET search form: typing in its search box submits after a pause, any other control
 * (a filter select) at once. The URL is replaced, not pushed, so Back leaves the list instead of
 * replaying every keystroke. Enter (or the Search button) submits at once and cancels the pending
 * search, which would otherwise reload the list a moment later, under whatever the user did next.
 * Without JavaScript the form still submits on Enter.
 */
export function useSearchAsYouType(delayMs = SEARCH_DEBOUNCE_MS) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    onChange(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      const isTyping = event.target instanceof HTMLInputElement && event.target.type === "search";
      clearTimeout(timer.current);
      const run = () => submit(form, { replace: true, preventScrollReset: true });
      if (isTyping) timer.current = setTimeout(run, delayMs);
      else void run();
    },
    onSubmit() {
      clearTimeout(timer.current);
    },
  };
}
