import qrcode from "qrcode-generator";

// A QR code as SVG drawn on the server: one path of dark modules on a white square with the four-module
// quiet zone scanners need. Error correction M (15%) survives a scuffed sticker on a bench.
const QUIET_ZONE = 4;

export type QrSvg = { size: number; path: string };

export function qrSvg(text: string): QrSvg {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const runs: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!code.isDark(row, col)) continue;
      // Consecutive dark modules in a row become one rectangle: a path a third the size.
      let end = col;
      while (end + 1 < count && code.isDark(row, end + 1)) end++;
      runs.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${end - col + 1}v1h-${end - col + 1}z`);
      col = end;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path: runs.join("") };
}
