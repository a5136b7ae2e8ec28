// A stand-in for the video hosts' picture servers (YouTube's stills, Vimeo's oEmbed and stills), on this
// machine, so no test contacts a real host. YouTube ids choose how it answers: ids starting "404" are
// missing, "big" sends more than 1 MB without saying so up front, "htm" sends a web page labelled as a
// JPEG, "die" cuts the connection; any other id gets a real PNG (480×360, its colour taken from the id).
// Vimeo ids get a 640×360 PNG, through an oEmbed answer that points back here.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour PNG any browser can show. */
export function pngOf(width: number, height: number, [r, g, b]: [number, number, number]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG as cameras write it: an APP0 (JFIF) segment, then a baseline frame header. */
export function jpegHeaderOf(width: number, height: number) {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

function colourOf(id: string): [number, number, number] {
  const sum = [...id].reduce((total, char) => (total * 31 + char.charCodeAt(0)) % 0xffffff, 7);
  return [sum & 0xff, (sum >> 8) & 0xff, (sum >> 16) & 0xff];
}

export type ThumbnailHost = { origin: string; requests: string[]; close(): Promise<void> };

export async function startThumbnailHost(): Promise<ThumbnailHost> {
  const requests: string[] = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    requests.push(`${url.pathname}${url.search}`);
    const still = /^\/vi\/([A-Za-z0-9_-]{11})\/hqdefault\.jpg$/.exec(url.pathname);
    if (still) {
      const id = still[1];
      if (id.startsWith("404"))
        return res.writeHead(404, { "Content-Type": "image/jpeg" }).end(pngOf(120, 90, [128, 128, 128]));
      if (id.startsWith("die")) return res.destroy();
      if (id.startsWith("htm"))
        return res.writeHead(200, { "Content-Type": "image/jpeg" }).end("<!doctype html><title>Not a picture</title>");
      if (id.startsWith("big")) {
        res.writeHead(200, { "Content-Type": "image/jpeg" });
        res.write(jpegHeaderOf(480, 360));
        for (let i = 0; i < 24; i++) res.write(Buffer.alloc(64 * 1024));
        return res.end();
      }
      const png = pngOf(480, 360, colourOf(id));
      return res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": png.length }).end(png);
    }
    if (url.pathname === "/api/oembed.json") {
      const video = /^https:\/\/vimeo\.com\/(\d+)/.exec(url.searchParams.get("url") ?? "");
      if (!video) return res.writeHead(404).end();
      const body = JSON.stringify({
        type: "video",
        thumbnail_url: `${origin}/video/${video[1]}-d_640`,
        thumbnail_width: 640,
        thumbnail_height: 360,
      });
      return res.writeHead(200, { "Content-Type": "application/json" }).end(body);
    }
    const vimeoStill = /^\/video\/(\d+)-d_640$/.exec(url.pathname);
    if (vimeoStill)
      return res.writeHead(200, { "Content-Type": "image/jpeg" }).end(pngOf(640, 360, colourOf(vimeoStill[1])));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
