import { cx } from "./cx";

/** What a control needs from its field: the id its label points at, and the error and hint it is described by. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export type FieldErrors = string | ReadonlyArray<string> | null | undefined;

function firstError(errors: FieldErrors) {
  if (!errors) return undefined;
  return typeof errors === "string" ? errors : errors[0];
}

/**
 * A label, one control, its hint and its error. The control is rendered by `children` with the
 * props that wire it to the label, hint and error (aria-invalid, aria-describedby).
 */
export function Field({
  id,
  label,
  hint,
  errors,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  errors?: FieldErrors;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const error = firstError(errors);
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1">{children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}</div>
      {hint ? (
        <p id={hintId!} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId ?? undefined} errors={error} />
    </div>
  );
}

export function Label({ className, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- htmlFor comes with the props
  return <label className={cx("block text-sm font-medium text-gray-700", className)} {...props} />;
}

/** A field's message. Not an alert: the page keeps one alert, the form's summary. */
export function FieldError({ id, errors, className }: { id?: string; errors?: FieldErrors; className?: string }) {
  const error = firstError(errors);
  if (!error) return null;
  return (
    <p id={id} className={cx("mt-1 text-sm text-red-600", className)}>
      {error}
    </p>
  );
}
