import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UserHomePage } from "~/components/user-home";
import { requireUser } from "~/http/auth.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Home") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser({ request, context });
  return { username: user.username, newAccount: user.newAccount };
}

export default function UserHome() {
  const { username, newAccount } = useLoaderData<typeof loader>();
  return <UserHomePage username={username} newAccount={newAccount} />;
}
