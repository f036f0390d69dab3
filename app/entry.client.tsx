// React Router's own browser entry, with one step before hydrating: an owner's page in another
// language than English loads that language's catalogue first (docs/features/visitor-languages.md,
// "The owner's screens"); every other page hydrates at once, as before.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadOwnerCatalogue } from "./features/languages/owner/owner-catalogues.client";

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

const ownerLanguage = document.documentElement.dataset.ownerLanguage;
if (ownerLanguage) void loadOwnerCatalogue(ownerLanguage).finally(hydrate);
else hydrate();
