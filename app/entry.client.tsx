// React Router's own browser entry, with one step before hydrating: an owner's page in another
// language than English loads that language's catalogue first (docs/features/visitor-languages.md,
// "The owner's screens"); every other page hydrates at once, as before.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Fetched only then, so a visitor's page carries none of it.
const ownerLanguage = document.documentElement.dataset.ownerLanguage;
if (ownerLanguage) {
  void import("./features/languages/owner/owner-catalogues.client")
    .then(({ loadOwnerCatalogue }) => loadOwnerCatalogue(ownerLanguage))
    .finally(hydrate);
} else hydrate();
