// The owner's shared screen parts, English: the landing page's demo dialog, the wizard's live
// preview, code validity and consent fields, the integrations' upgrade and one-time secret, and the
// campaign page's placements. Spread into the catalogue in en.ts; same rules: a key is a path, and
// these strings are the spec's and the tests' wording.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { enDemo } from "./en-demo";

export const enParts = {
  demo: enDemo,
  livePreview: {
    label: "Live preview",
    previewIn: "Preview in",
    headlinePlaceholder: "Your headline appears here",
    businessPlaceholder: "Your business",
    claimGroup: "Claim your offer (preview)",
    claim: "Claim Offer",
  },
  offerRule: {
    legend: "Code validity",
    hint: "Each visitor gets a code to show at the counter. How long may it be redeemed?",
    noExpiry: "No expiry",
    validUntil: "Valid until",
    lastDay: "Last valid day",
    validFor: "Valid for",
    daysLabel: "Days after the claim",
    daysAfter: "days after the claim",
  },
  consentField: {
    legend: "Marketing consent",
    modes: { notice: "Notice only", checkbox: "Checkbox", double_opt_in: "Double opt-in" },
    byDefault: " (default)",
    help: {
      notice: "Visitors see a short sentence under the button. Simple, but it does not prove that anyone agreed to marketing emails.",
      checkbox: "Visitors see an unticked box for marketing emails, separate from claiming the offer. Each lead records whether it was ticked.",
      double_opt_in: "As Checkbox, then we email the visitor a link to confirm (expected in Germany). Only confirmed leads may be emailed.",
    },
    offerRequires: "The offer requires consent (Checkbox and Double opt-in only)",
    offerRequiresHelp:
      "Only visitors who tick the box get the offer. In the EU consent must be freely given: tying an offer to it may make the consent invalid, so leave this off unless you are sure.",
  },
  integrationsUi: {
    upgradeTitle: "Integrations are a Pro feature",
    upgradeText: "Send every new lead to your CRM or spreadsheet with signed webhooks, and pull your data through the REST API.",
    upgrade: "Upgrade to Pro",
    copyNow: "Copy it now: it will not be shown again.",
    endpointStatus: { active: "Active", paused: "Paused", unsubscribed: "Unsubscribed" },
  },
  placements: {
    title: "Placements",
    intro: "Print one campaign in several places: each placement gets its own QR code, so you can see which copy brings people in.",
    addForm: "Add a placement",
    name: "Placement name",
    namePlaceholder: "e.g. Window poster",
    location: "Location",
    noLocation: "No location",
    adding: "Adding...",
    add: "Add placement",
    atLimit: "This campaign has the most placements a campaign can have ({{limit}}).",
    compared: "Placements compared",
    caption: "Scans, unique scans, leads and conversion per placement in the chosen range",
    columns: { placement: "Placement", scans: "Scans", unique: "Unique", leads: "Leads", conversion: "Conversion", actions: "Actions" },
    none: "No placement (campaign code or shared link)",
    at: "at {{location}}",
    note: "Conversion is the share of unique visitors who became leads.",
    downloadPng: "Download PNG for {{name}}",
    downloadSvg: "Download SVG for {{name}}",
    printNamed: "Print {{name}}",
    print: "Print",
    editNamed: "Edit {{name}}",
    edit: "Edit",
    renameNamed: "Rename {{name}}",
    rename: "Rename",
    newName: "New name for {{name}}",
    locationOf: "Location of {{name}}",
    save: "Save",
    deleteNamed: "Delete {{name}}",
    delete: "Delete",
    deleteQuestion: "Delete “{{name}}”? Its QR code stops attributing scans; past scans and leads stay in the campaign’s totals.",
    deleteConfirm: "Yes, delete “{{name}}”",
    refused: {
      nameTaken: "This campaign already has a placement with that name",
      limit: "A campaign can have at most {{limit}} placements",
      locationNotFound: "Location not found",
      unknownAction: "Unknown action",
    },
  },
};
