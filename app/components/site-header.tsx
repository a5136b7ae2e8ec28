import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SiteLink, SiteNavLink, SitePostForm } from "~/components/site-links";
import { isGroup, navigationFor, type NavGroup, type NavLink, type Role } from "~/lib/navigation";

/**
 * Closes a <details> disclosure after navigation, on Escape and on a click outside it. Without
 * JavaScript the <details> element still opens and closes by itself; this only polishes it.
 */
function useDisclosure<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
  return ref;
}

/**
 * Every header dropdown (and the phone menu) shares one exclusive-accordion name: opening one closes
 * the others in the browser itself, so without JavaScript two lists never stack over each other.
 */
const MENU_GROUP = "site-header-menu";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-800 text-white" : "text-brand-50 hover:bg-brand-800 hover:text-white"}`;

function DesktopDropdown({ group }: { group: NavGroup }) {
  const ref = useDisclosure();
  return (
    <details ref={ref} name={MENU_GROUP} className="group relative">
      <summary className="flex cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-brand-50 hover:bg-brand-800 hover:text-white">
        {group.label}
        <span aria-hidden="true" className="text-xs transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="absolute right-0 z-30 mt-1 w-60 rounded-lg border border-stone-200 bg-white p-1 shadow-lg">
        {group.links.map((link) => (
          <li key={link.to}>
            <SiteNavLink
              to={link.to}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-stone-800 hover:bg-stone-100"}`
              }
            >
              {link.label}
            </SiteNavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

function LogoutButton({ className }: { className: string }) {
  return (
    <SitePostForm action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </SitePostForm>
  );
}

/** A link of the phone menu, in its list item; `strong` for a link of its own, not one of a group's. */
function MobileLink({ link, strong = false }: { link: NavLink; strong?: boolean }) {
  return (
    <li>
      <SiteLink
        to={link.to}
        className={`block rounded-md px-3 py-2 text-stone-800 hover:bg-stone-100 ${strong ? "font-medium" : ""}`.trim()}
      >
        {link.label}
      </SiteLink>
    </li>
  );
}

function MobileMenu({ items, signedIn }: { items: (NavLink | NavGroup)[]; signedIn: boolean }) {
  const ref = useDisclosure();
  const location = useLocation();
  return (
    <details ref={ref} name={MENU_GROUP} className="group lg:hidden">
      <summary className="relative z-50 flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-brand-100/40 px-3 text-sm font-semibold text-white hover:bg-brand-800 group-open:fixed group-open:top-3 group-open:right-4 group-open:border-stone-300 group-open:bg-white group-open:text-stone-900 group-open:hover:bg-stone-100">
        {/* Its name is the word it shows ("Menu", then "Close menu"): a fixed aria-label said "Menu" while
            the button showed "Close", and speech users say what they see. */}
        <span aria-hidden="true" className="text-lg leading-none group-open:hidden">
          ☰
        </span>
        <span aria-hidden="true" className="hidden text-lg leading-none group-open:inline">
          ✕
        </span>
        <span className="group-open:hidden">Menu</span>
        <span className="hidden group-open:inline">Close menu</span>
      </summary>
      {/* Tapping the dimmed page closes the menu. Without JavaScript it is a link to this same page, which
          comes back with the menu closed (its path only: a query can carry a dialog's state or another
          record's id, which the page must not echo); with JavaScript it just closes the menu. Not a tab
          stop: the Close button is the control for keyboards and screen readers. */}
      {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- the dimmed backdrop has nothing to read: it is hidden from screen readers and out of the tab order */}
      <a
        href={location.pathname}
        tabIndex={-1}
        aria-hidden="true"
        className="fixed inset-0 z-40 bg-black/40"
        onClick={(event) => {
          event.preventDefault();
          if (ref.current) ref.current.open = false;
        }}
      />
      <nav
        aria-label="Menu"
        className="fixed inset-y-0 right-0 z-40 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl motion-safe:animate-[slide-in_300ms_ease-out]"
      >
        <h2 className="mb-4 pr-24 text-xl font-bold text-stone-900">Menu</h2>
        <ul className="space-y-1">
          {items.map((item) =>
            isGroup(item) ? (
              <li key={item.label}>
                <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase">{item.label}</p>
                <ul>
                  {item.links.map((link) => (
                    <MobileLink key={link.to} link={link} />
                  ))}
                </ul>
              </li>
            ) : (
              <MobileLink key={item.to} link={item} strong />
            ),
          )}
          {signedIn ? (
            <li className="mt-3 border-t border-stone-200 pt-3">
              <LogoutButton className="block w-full rounded-md px-3 py-2 text-left font-medium text-stone-800 hover:bg-stone-100" />
            </li>
          ) : null}
        </ul>
      </nav>
    </details>
  );
}

/** `logo`: the logo's address, which the app shell imports from the build (components import no assets). */
export function SiteHeader({ role, logo }: { role: Role | null; logo: string }) {
  const { brandTo, items, signedIn } = navigationFor(role);
  return (
    <header className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <SiteLink to={brandTo} className="flex items-center gap-2 text-lg font-bold tracking-tight text-white">
          <img src={logo} alt="" width="32" height="32" className="h-8 w-8" />
          Walking Trails
        </SiteLink>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) =>
              isGroup(item) ? (
                <li key={item.label}>
                  <DesktopDropdown group={item} />
                </li>
              ) : (
                <li key={item.to}>
                  <SiteNavLink to={item.to} end className={linkClass}>
                    {item.label}
                  </SiteNavLink>
                </li>
              ),
            )}
            {signedIn ? (
              <li>
                <LogoutButton className="rounded-md px-3 py-2 text-sm font-medium text-brand-50 hover:bg-brand-800 hover:text-white" />
              </li>
            ) : null}
          </ul>
        </nav>
        <MobileMenu items={items} signedIn={signedIn} />
      </div>
    </header>
  );
}
