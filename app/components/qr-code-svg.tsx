import type { QrSvg } from "~/lib/qr-code";

/** A QR code drawn from its modules; named for screen readers by what it opens. */
export function QrCodeSvg({ code, label, className }: { code: QrSvg; label: string; className?: string }) {
  return (
    <svg
      viewBox={`0 0 ${code.size} ${code.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
