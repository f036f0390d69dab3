// Settings → Locations and the location filter, English: the spec's wording byte for byte, and what
// the locations' server module and form answer (refusals, notices). Spread into the catalogue by en.ts.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
export const enLocations = {
  locations: {
    title: "Locations",
    pageTitle: "Locations · LeadQR",
    description: "The places your business runs: each placement can belong to one, so you can tell your shops apart.",
    back: "Back to settings",
    all: "All locations",
    add: {
      title: "Add a location",
      description: "A name your team knows it by; the address and time zone are optional.",
      legend: "New location",
      submit: "Add location",
    },
    list: {
      title: "Your locations",
      label: "Locations",
      empty: "No locations yet. Add your first one above.",
      yourTimeZone: "Your time zone",
      placements_one: "{{count}} placement",
      placements_other: "{{count}} placements",
      edit: "Edit",
      editNamed: "Edit {{name}}",
      delete: "Delete",
      deleteNamed: "Delete {{name}}",
      deleteQuestion: "Delete “{{name}}”? Its placements stay, with their codes, scans and leads; they just no longer belong to a location.",
      deleteConfirm: "Yes, delete “{{name}}”",
    },
    form: {
      name: "Name",
      namePlaceholder: "e.g. Harbour",
      timeZone: "Time zone (optional)",
      sameAsYours: "Same as yours",
      address: "Address (optional)",
      save: "Save",
    },
    notices: {
      added: "{{name}} added.",
      saved: "{{name}} saved.",
      deleted: "Location deleted. Its placements keep their codes, with no location.",
    },
    refusals: {
      nameTaken: "You already have a location with that name",
      limit: "A business can have at most {{limit}} locations",
      // The campaign's locations (campaign-locations.server.ts), on its pages.
      inUse: "The placement “{{placement}}” is at {{location}}. Move or delete it first, or keep {{location}} among the campaign's locations.",
      noLocationNow:
        "This campaign runs at no location now (its locations were deleted). Choose its locations on Edit first, or add the placement at no location.",
      onlyAt: "This campaign runs only at {{locations}}. Put the placement there, or change the campaign's locations on Edit.",
    },
    // The form's own checks (locations.schema.ts writes them in English; the route answers them in the member's language).
    errors: {
      nameMissing: "Please give the location a name",
      nameTooLong: "Location names are at most {{max}} characters",
      addressTooLong: "Addresses are at most {{max}} characters",
      timeZone: "Choose a time zone from the list",
    },
  },
};
