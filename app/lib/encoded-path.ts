import type { LonLat } from "~/lib/geo";

// A trail's path travels to the browser once, in the loader's data, as an encoded polyline (Google's
// algorithm: each coordinate as a zig-zag varint of its change from the previous one, in base-64
// characters), at six decimals (about 11 cm, far finer than any map zoom shows). Fifty points take
// about 400 characters instead of 2,500 as JSON numbers; the page decodes it once for both the server
// SVG and the interactive map.

const PRECISION = 1e6;

function encodeNumber(value: number) {
  let rest = value < 0 ? ~(value << 1) : value << 1;
  let out = "";
  while (rest >= 0x20) {
    out += String.fromCharCode((0x20 | (rest & 0x1f)) + 63);
    rest >>= 5;
  }
  return out + String.fromCharCode(rest + 63);
}

/** [longitude, latitude] pairs as one compact string (latitude first, as the algorithm has it). */
export function encodePath(coordinates: readonly LonLat[]): string {
  let out = "";
  let [previousLat, previousLon] = [0, 0];
  for (const [longitude, latitude] of coordinates) {
    const [lat, lon] = [Math.round(latitude * PRECISION), Math.round(longitude * PRECISION)];
    out += encodeNumber(lat - previousLat) + encodeNumber(lon - previousLon);
    [previousLat, previousLon] = [lat, lon];
  }
  return out;
}

/** The pairs `encodePath` encoded, rounded to six decimals. */
export function decodePath(encoded: string): LonLat[] {
  const coordinates: LonLat[] = [];
  let index = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < encoded.length);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  let [lat, lon] = [0, 0];
  while (index < encoded.length) {
    lat += next();
    lon += next();
    coordinates.push([lon / PRECISION, lat / PRECISION]);
  }
  return coordinates;
}
