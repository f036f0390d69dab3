import { Children, cloneElement, createContext, isValidElement, useContext } from "react";
import { cardClass } from "./card";
import { cx } from "./cx";

/** Cell padding: `md` for full-width lists, `sm` inside a card, `compact` for figures behind a chart. */
const DENSITY = { md: "px-4 py-3", sm: "px-3 py-2", compact: "py-1 pr-3 last:pr-0" } as const;

export type TableDensity = keyof typeof DENSITY;

// Cells read the table's density, so a caller sets it once.
const Density = createContext<TableDensity>("md");

type Align = { align?: "left" | "right" };

/**
 * A region that scrolls a table wider than a phone; focusable so keyboard users can scroll it.
 * `framed` draws the white card around it (lists standing alone on a page).
 */
export function TableScroller({
  label,
  framed = false,
  className,
  children,
}: {
  label: string;
  framed?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cx(
        "relative overflow-x-auto focus:ring-2 focus:ring-blue-500 focus:outline-none",
        framed && cardClass({ padding: "none" }),
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * A data table; `caption` names it for screen readers (not shown). `stackOnPhone`: below 640 px
 * each row becomes a card of label/value lines (the labels are `TBody`'s `labels`), so a long
 * list needs no sideways scrolling (app.css, `.table-stack`).
 */
export function Table({
  caption,
  density = "md",
  stackOnPhone = false,
  className,
  children,
}: {
  caption?: string;
  density?: TableDensity;
  stackOnPhone?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Density.Provider value={density}>
      <table className={cx("min-w-full divide-y divide-gray-200 text-left text-sm", stackOnPhone && "table-stack", className)}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </Density.Provider>
  );
}

/** The header row: pass `Th` cells. */
export function THead({ children }: { children: React.ReactNode }) {
  return (
    <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase">
      <tr>{children}</tr>
    </thead>
  );
}

/**
 * The rows. `labels`: the column names in cell order, given to each row's cells as `data-label`
 * (what a stacked row shows before each value); the rows themselves stay plain `<tr>` of cells.
 */
export function TBody({ labels, children }: { labels?: readonly string[]; children: React.ReactNode }) {
  const rows = labels
    ? Children.map(children, (row) =>
        isValidElement<{ children?: React.ReactNode }>(row)
          ? cloneElement(
              row,
              undefined,
              Children.map(row.props.children, (cell, index) =>
                isValidElement(cell) && labels[index] ? cloneElement(cell, { "data-label": labels[index] } as object) : cell,
              ),
            )
          : row,
      )
    : children;
  return <tbody className="divide-y divide-gray-100 text-gray-700">{rows}</tbody>;
}

/** A column header (`scope="col"`), or with `scope="row"` the cell that names its row. */
export function Th({ scope = "col", align = "left", className, ...props }: React.ThHTMLAttributes<HTMLTableCellElement> & Align) {
  const density = useContext(Density);
  return (
    <th
      scope={scope}
      className={cx(DENSITY[density], scope === "col" && "whitespace-nowrap", align === "right" && "text-right", className)}
      {...props}
    />
  );
}

export function Td({ align = "left", className, ...props }: React.TdHTMLAttributes<HTMLTableCellElement> & Align) {
  const density = useContext(Density);
  return <td className={cx(DENSITY[density], align === "right" && "text-right", className)} {...props} />;
}
