import { Link, useInRouterContext } from "@remix-run/react";
import type { ComponentProps } from "react";

type PageLinkProps = Omit<ComponentProps<"a">, "href" | "ref"> & {
  /** An absolute path ("/trails?trail=gold"), so that both forms below name the same address. */
  to: string;
  preventScrollReset?: boolean;
  replace?: boolean;
};

/**
 * A link to a page of the app. Inside the router it is Remix's `<Link>`; in markup the server renders once
 * outside any router and reuses (decision 061, `app/lib/shared-markup.tsx`) it is the plain anchor that
 * `<Link>` amounts to in a document without scripts.
 */
export function PageLink({ to, preventScrollReset, replace, children, ...anchor }: PageLinkProps) {
  if (useInRouterContext()) {
    return (
      <Link to={to} preventScrollReset={preventScrollReset} replace={replace} {...anchor}>
        {children}
      </Link>
    );
  }
  return (
    <a {...anchor} href={to}>
      {children}
    </a>
  );
}
