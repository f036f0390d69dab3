import { Fragment } from "react";

/**
 * An email address that wraps before its "@" and its dots rather than inside a word, so on a
 * narrow screen it reads "alexandra / .konstantinopoulou / @example.com" and never "konstantinopoulo / u".
 * A single part longer than the line still breaks (the cell's own rule) rather than overflowing.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span data-email-text>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
