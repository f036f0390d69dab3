// A campaign's design (the `design` column of `campaign`): plain values, no drizzle, so browser code may import it.

export type CampaignDesign = {
  primary_color: string;
  secondary_color: string;
  background_gradient?: string;
  text_color: string;
  button_style: "rounded" | "square" | "pill";
  font_style: "modern" | "classic" | "bold";
  layout: "centered" | "split" | "minimal";
};

/** How a design's background is stored: a diagonal gradient from its primary to its secondary colour. */
export function backgroundGradient(primary: string, secondary: string) {
  return `linear-gradient(135deg, ${primary} 0%, ${secondary} 100%)`;
}

/**
 * The design a campaign holds unless its owner picks another (the design column's default): Ocean
 * Blue, the wizard's first colour preset, with white text, rounded, modern, centered. The one
 * default design: the capture page's is derived from it.
 */
export const DEFAULT_DESIGN: CampaignDesign = {
  primary_color: "#1E40AF",
  secondary_color: "#3B82F6",
  background_gradient: backgroundGradient("#1E40AF", "#3B82F6"),
  text_color: "#FFFFFF",
  button_style: "rounded",
  font_style: "modern",
  layout: "centered",
};
