// @vitest-environment happy-dom
// The wizard's step 3 lists the page's languages, and its preview switches to each of them.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LaunchSummary } from "~/features/campaigns/campaign-wizard-steps";
import { initialValues } from "~/features/campaigns/campaign-wizard-state";
import { CampaignPreview } from "./campaign-preview";

const values = {
  ...initialValues(),
  title: "Pastry week",
  businessType: "Bakery",
  discount: "A free pastry",
  minOrder: "With any coffee",
  aiHeadline: "Something delicious for you: A free pastry",
  aiThankyou: "Thanks!",
  language: "en",
};
const translations = { es: { headline: "Algo delicioso para ti: Un bollo gratis", offer: "Un bollo gratis" } };

afterEach(cleanup);

describe("the wizard's step 3 and preview", () => {
  it("list the languages phones will read the page in", () => {
    render(<LaunchSummary values={values} namesBusiness translations={translations} rule={null} mode="create" busy={false} canLaunch />);
    expect(screen.getByText("English (page) · Español")).toBeTruthy();
  });

  it("switch the preview to a translated language: the owner's words and the visitor's labels in it", async () => {
    render(<CampaignPreview values={values} businessName="Sol" translations={translations} />);
    expect(screen.getByRole("heading", { name: "Something delicious for you: A free pastry" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Preview in"), { target: { value: "es" } });
    expect(await screen.findByRole("heading", { name: "Algo delicioso para ti: Un bollo gratis" })).toBeTruthy();
    expect(screen.getByText("Un bollo gratis · With any coffee")).toBeTruthy();
    expect(await screen.findByLabelText("Nombre completo *")).toBeTruthy();
  });

  it("offers no switch when the page has one language", () => {
    render(<CampaignPreview values={values} businessName="Sol" />);
    expect(screen.queryByLabelText("Preview in")).toBeNull();
  });
});
