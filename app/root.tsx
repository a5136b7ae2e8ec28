// First: it must run before any module builds a zod schema (app/lib/zod-jitless.ts).
import "~/lib/zod-jitless";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ToastMessage } from "~/components/toast-message";
import { VideoLoadingStatus } from "~/components/video-loading-status";
import stylesheet from "~/styles/tailwind.css";
// From the build, under a hashed name a browser keeps for a year: every page shows it, and public/'s
// one-hour files are asked about again after an hour (Lighthouse's uses-long-cache-ttl).
import logo from "~/assets/logo.svg";
import { getOptionalUser } from "~/http/auth.server";
import { campusOf } from "~/http/campus.server";
import { getToast } from "~/http/toast.server";
import type { Role } from "~/lib/navigation";
import { useNonce } from "~/lib/nonce";
import { useFocusFragment } from "~/lib/use-focus-fragment";
import { DocumentScriptsContext, useDocumentScripts } from "~/lib/page-scripts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.campus.name} | Walking Trails` : "Walking Trails" },
  { name: "description", content: "Campus walking trails and wellness videos for our college community." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, { toast, headers }, campus] = await Promise.all([
    getOptionalUser({ request, context }),
    getToast(request),
    campusOf({ request, context }),
  ]);
  // The campus's name and clock: the footer names it on every page, and every time shown is on its clock;
  // its centre, when set, is where the interactive map opens.
  const place = { name: campus.name, timeZone: campus.timeZone, center: campus.center };
  return data(
    { user: user ? { username: user.username, role: user.role as Role } : null, toast, campus: place },
    headers ? { headers } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const scripts = useDocumentScripts();
  // Here, above every route: its effect runs after theirs, so their own focus management wins.
  useFocusFragment();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#185834" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <DocumentScriptsContext.Provider value={scripts}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-stone-900"
          >
            Skip to content
          </a>
          <SiteHeader role={data?.user?.role ?? null} logo={logo} />
          <main id="main" className="flex-1">
            <ToastMessage toast={data?.toast ?? null} />
            <VideoLoadingStatus />
            {children}
          </main>
          <SiteFooter campusName={data?.campus.name ?? null} />
        </DocumentScriptsContext.Provider>
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorPage title="Page not found" code={404}>
        We couldn't find that page. It may have moved, or the address may be mistyped.
      </ErrorPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <ErrorPage title="Access denied" code={403}>
        Your account doesn't have permission to open this page.
      </ErrorPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 413) {
    return (
      <ErrorPage title="Request too large" code={413}>
        That submission was larger than any of our forms allows. Please go back and try again with less text.
      </ErrorPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <ErrorPage title="Service temporarily unavailable" code={503}>
        We can't reach our database right now. Please try again in a moment.
      </ErrorPage>
    );
  }
  return (
    <ErrorPage title="Unexpected Application Error!">
      Something went wrong on our side. Please try again, or go back to the home page.
      {process.env.NODE_ENV === "development" && error instanceof Error ? (
        <pre className="mt-4 overflow-auto rounded bg-stone-100 p-4 text-left text-xs">{error.stack}</pre>
      ) : null}
    </ErrorPage>
  );
}

function ErrorPage({ title, code, children }: { title: string; code?: number; children: ReactNode }) {
  return (
    <div className="page max-w-2xl text-center">
      {code ? <p className="text-sm font-semibold text-brand-700">Error {code}</p> : null}
      <h1 className="page-title mt-2">{title}</h1>
      <div className="mt-4 text-stone-700">{children}</div>
      <p className="mt-8">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
