import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useContext, type ReactNode } from "react";
import { DocumentScriptsContext } from "~/lib/page-scripts";

// The site's frame (header, menus, footer) holds some thirty links on every page. On a document that ships
// no script a router <Link> renders the very <a> a plain anchor does, after a dozen hooks each (resolving
// the path, click handling and prefetch state nobody runs): a plain element is the same page for less. With
// scripts they stay the router's, for client-side navigation.

type LinkProps = { to: string; className?: string; children: ReactNode };

export function SiteLink({ to, className, children }: LinkProps) {
  const scripts = useContext(DocumentScriptsContext);
  return scripts ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <a className={className} href={to}>
      {children}
    </a>
  );
}

/**
 * React Router's rule for a NavLink to an absolute path: active on that path (any case, a trailing slash
 * allowed), and unless `end`, on the paths below it.
 */
function isActivePath(locationPathname: string, to: string, end: boolean) {
  const current = locationPathname.toLowerCase();
  const target = to.split(/[?#]/)[0].toLowerCase();
  const endSlashPosition = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return current === target || (!end && current.startsWith(target) && current.charAt(endSlashPosition) === "/");
}

export function SiteNavLink({
  to,
  end = false,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const scripts = useContext(DocumentScriptsContext);
  const { pathname } = useLocation();
  if (scripts) {
    return (
      <NavLink to={to} end={end} className={className}>
        {children}
      </NavLink>
    );
  }
  const isActive = isActivePath(pathname, to, end);
  return (
    <a aria-current={isActive ? "page" : undefined} className={className({ isActive })} href={to}>
      {children}
    </a>
  );
}

/** A form that posts to `action` and reloads: the router's Form when the document has scripts. */
export function SitePostForm({ action, children }: { action: string; children: ReactNode }) {
  const scripts = useContext(DocumentScriptsContext);
  return scripts ? (
    <Form method="post" action={action}>
      {children}
    </Form>
  ) : (
    <form method="post" action={action}>
      {children}
    </form>
  );
}
