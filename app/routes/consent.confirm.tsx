import { Form } from "react-router";
import { checkConfirmToken, confirmConsent } from "~/features/consent/consent.server";
import { VisitorPage } from "~/features/capture/visitor-pages";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/consent.confirm";

export const handle = { bareDocument: true };

// Opening the link only shows a button: mail scanners that follow links must not confirm for
// the person (decision 111). The button's post confirms.
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  return { state: await checkConfirmToken(db, { token: params.token }) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { db } = await getServices();
  const confirmed = await confirmConsent(db, { token: params.token, clientAddress: clientAddress(request) });
  return { confirmed };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export default function ConfirmConsent({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.confirmed) {
    return (
      <VisitorPage title="Thank you, you are confirmed">
        <p role="status">Your consent is confirmed. You can withdraw it at any time with the link in the email.</p>
      </VisitorPage>
    );
  }
  if (actionData || loaderData.state === "invalid") {
    return (
      <VisitorPage title="This link no longer works">
        <p>It was already used, has expired (links work for 7 days) or consent was withdrawn. Nothing else is needed.</p>
      </VisitorPage>
    );
  }
  return (
    <VisitorPage title="Confirm your consent">
      <p>Press the button to confirm that you want to receive marketing emails.</p>
      <Form method="post">
        <button className="cq-btn" type="submit">
          Confirm
        </button>
      </Form>
    </VisitorPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Confirm your consent" }, { name: "robots", content: "noindex" }];
