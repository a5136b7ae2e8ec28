import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { QrCodeSvg } from "~/components/qr-code-svg";
import { requireAdmin } from "~/http/auth.server";
import { qrSvg } from "~/lib/qr-code";
import { benchesWithPlaces } from "~/models/trail.server";
import { env } from "~/utils/env.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Print bench QR codes") }];

// One code per bench, to print and fix to it: scanned on the trail, it opens the bench's public page at
// APP_URL (never the Host a request came with), which tells the walker where they are without GPS.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin({ request, context });
  return {
    appUrl: env.APP_URL,
    codes: (await benchesWithPlaces()).map(({ bench, places }) => {
      const url = `${env.APP_URL}/benches/${bench.id}`;
      return {
        id: bench.id,
        benchNumber: bench.benchNumber,
        location: bench.location,
        url,
        places: places.map((place) => `Bench ${place.position} of ${place.count} on the ${place.trailName}`),
        code: qrSvg(url),
      };
    }),
  };
}

export default function BenchQrCodes() {
  const { appUrl, codes } = useLoaderData<typeof loader>();
  return (
    <div className="page qr-sheet">
      <h1 className="page-title mb-2">Bench QR codes</h1>
      <div className="mb-6 space-y-2 print:hidden">
        <p>
          Print this page with your browser's Print command and fix each code to its bench. A code opens the bench's
          page at {appUrl}, which anyone can read without an account.
        </p>
        <p>
          <Link to="/adminControlPanel?option=bench" className="btn-link inline-flex min-h-11 items-center">
            Back to the benches
          </Link>
        </p>
      </div>
      {codes.length === 0 ? <p>There are no benches yet.</p> : null}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-3">
        {codes.map((bench) => (
          <li key={bench.id} className="card flex flex-col items-center p-4 text-center break-inside-avoid">
            <QrCodeSvg code={bench.code} label={`QR code that opens ${bench.url}`} className="h-48 w-48" />
            <h2 className="mt-2 text-lg font-semibold">Bench {bench.benchNumber}</h2>
            <p className="text-sm">{bench.location}</p>
            {bench.places.map((place) => (
              <p key={place} className="text-sm">
                {place}
              </p>
            ))}
            <p className="mt-1 text-xs break-all text-stone-700">{bench.url}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
