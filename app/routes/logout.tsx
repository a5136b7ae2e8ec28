import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { userMessages } from "~/schemas/user";
import { endSession } from "~/http/auth.server";
import { redirectWithToast } from "~/http/toast.server";

// Signing out changes state, so it is a POST (the navigation bar's Logout button); a GET just goes home.
export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  return redirectWithToast(
    "/",
    { type: "info", message: userMessages.signedOut },
    { headers: await endSession(request) },
  );
}
