// Rules: docs/features/team.md ("Several businesses, one sign-in").
import { data, redirect } from "react-router";
import { requireSignedIn } from "~/features/auth/session.server";
import { switchBusiness } from "~/features/team/switcher.server";
import { formFields, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/business-switch";

export const loader = () => redirect("/dashboard");

/** The header's switcher: this session acts for the business chosen, if the sign-in may; its dashboard (staff: the counter) follows. */
export async function action({ request }: Route.ActionArgs) {
  const sessionUser = await requireSignedIn(request);
  const { businessId = "" } = formFields(await readForm(request));
  const { db } = await getServices();
  if (!(await switchBusiness(db, { userId: sessionUser.id, sessionId: sessionUser.sessionId, businessId })))
    return data({ error: "Business not found" }, { status: 404 });
  return redirect("/dashboard");
}
