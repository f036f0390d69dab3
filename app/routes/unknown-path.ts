import { redirect } from "react-router";

// The spec: any other path redirects to /.
export const loader = () => redirect("/");
export const action = () => redirect("/");
