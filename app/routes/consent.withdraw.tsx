import { Form } from "react-router";
import { checkWithdrawToken, withdrawConsent } from "~/features/consent/consent.server";
import { VisitorPage } from "~/features/capture/visitor-pages";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/consent.withdraw";

export const handle = { bareDocument: true };

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  return { state: await checkWithdrawToken(db, { token: params.token }) };
}

// Also the target of the mail client's one-click unsubscribe (RFC 8058: a POST with
// "List-Unsubscribe=One-Click"), which needs nothing but a 2xx.
export async function action({ params }: Route.ActionArgs) {
  const { db } = await getServices();
  return { withdrawn: await withdrawConsent(db, { token: params.token }) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export default function WithdrawConsent({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.withdrawn || loaderData.state === "withdrawn") {
    return (
      <VisitorPage title="Consent withdrawn">
        <p role="status">You will not receive marketing emails from this business through LeadQR.</p>
      </VisitorPage>
    );
  }
  if (loaderData.state === "invalid") {
    return (
      <VisitorPage title="This link does not work">
        <p>It may have been copied incompletely, or the data was already erased.</p>
      </VisitorPage>
    );
  }
  return (
    <VisitorPage title="Withdraw your consent">
      <p>Press the button and you will receive no more marketing emails from this business.</p>
      <Form method="post">
        <button className="cq-btn" type="submit">
          Withdraw consent
        </button>
      </Form>
    </VisitorPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Withdraw your consent" }, { name: "robots", content: "noindex" }];
