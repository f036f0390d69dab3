// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CampaignWizard } from "./campaign-wizard";

afterEach(cleanup);

/** The wizard as the campaigns screen opens it (with JavaScript: a dialog). */
async function openWizard(namesBusiness: boolean) {
  const Stub = createRoutesStub([
    {
      path: "/campaigns",
      Component: () => (
        <CampaignWizard mode="create" businessName="Café Azul" preview={() => null} closeTo="/campaigns" namesBusiness={namesBusiness} />
      ),
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={["/campaigns"]} />);
  return within(await screen.findByRole("dialog"));
}

describe("the campaign wizard's business name", () => {
  it("is asked of the owner, whose Settings it fills", async () => {
    const wizard = await openWizard(true);
    expect((wizard.getByLabelText(/Business Name/) as HTMLInputElement).value).toBe("Café Azul");
  });

  it("is left out of a manager's form and its summary (the business's name is the owner's)", async () => {
    const wizard = await openWizard(false);
    expect(wizard.getByLabelText(/Campaign Title/)).toBeTruthy();
    expect(wizard.queryByLabelText(/Business Name/)).toBeNull();
    expect(wizard.queryByText("Business Name")).toBeNull();
  });
});
