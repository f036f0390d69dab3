// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { Table, TableScroller, TBody, Td, Th, THead } from "./table";

afterEach(cleanup);

it("names the table by its caption and gives screen readers column and row headers", () => {
  render(
    <TableScroller label="Placements compared">
      <Table caption="Scans per placement" density="sm">
        <THead>
          <Th>Placement</Th>
          <Th align="right">Scans</Th>
        </THead>
        <TBody>
          <tr>
            <Th scope="row">Window poster</Th>
            <Td align="right">12</Td>
          </tr>
        </TBody>
      </Table>
    </TableScroller>,
  );
  const region = screen.getByRole("region", { name: "Placements compared" });
  expect(region.tabIndex).toBe(0);
  const table = within(region).getByRole("table", { name: "Scans per placement" });
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent),
  ).toEqual(["Placement", "Scans"]);
  const row = within(table).getByRole("row", { name: /Window poster/ });
  expect(within(row).getByRole("rowheader").textContent).toBe("Window poster");
  expect(within(row).getByRole("cell").textContent).toBe("12");
});
