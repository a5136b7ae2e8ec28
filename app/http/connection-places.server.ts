// Who may hold the server's open connections (decision 074). There are MAX_CONNECTIONS places; one
// address (an IPv6 /64 counts as one, as in the rate limits) holds at most MAX_CONNECTIONS_PER_ADDRESS of
// them. A full server does not turn the newcomer away: it closes the oldest unanswered connection of the
// address holding the most, so a new address always gets in while others hold more than it does, however
// many addresses fill the server with connections that never finish a request.
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { addressBucket } from "~/http/address-bucket.server";

/**
 * What a connection is doing: `waiting` for a request (idle keep-alive, or headers still arriving),
 * `receiving` a request's body (the gate holds it), `answering` (the app works on it, or writes its answer).
 * Only the first two give up their place; a waiting one before a receiving one.
 */
type State = "waiting" | "receiving" | "answering";
type Place = { socket: Socket; bucket: string; state: State };

export type ConnectionLimits = { maxConnections: number; maxPerAddress: number };

const places = new WeakMap<Socket, Place>();

/** The bucket's oldest place that may be given up, preferring one that has not begun a request. */
function oldestUnanswered(held: Set<Place>): Place | null {
  let receiving: Place | null = null;
  for (const place of held) {
    if (place.state === "waiting") return place;
    if (place.state === "receiving") receiving ??= place;
  }
  return receiving;
}

/**
 * The place a newcomer from `own` takes when the server is full: the oldest unanswered one of the address
 * holding the most, never of an address holding fewer than the newcomer's own (which goes first among equals).
 */
function placeToFree(buckets: Map<string, Set<Place>>, own: string): Place | null {
  const ownCount = buckets.get(own)?.size ?? 0;
  const larger = [...buckets].filter(([bucket, held]) => held.size > ownCount || bucket === own);
  larger.sort(([a, x], [b, y]) => y.size - x.size || Number(b === own) - Number(a === own));
  for (const [, held] of larger) {
    const place = oldestUnanswered(held);
    if (place) return place;
  }
  return null;
}

/**
 * Counts every connection of `server` against the limits (Node's own `maxConnections` would refuse the
 * newcomer instead, and a dozen addresses could then keep everyone else out). A newcomer over its
 * address's limit takes the place of that address's oldest unanswered connection; one that finds the
 * server full, the place described at `placeToFree`; with no place to free it is closed at once.
 */
export function shareConnections(server: Server, limits: ConnectionLimits) {
  const buckets = new Map<string, Set<Place>>();
  let open = 0;
  const release = (place: Place) => {
    const held = buckets.get(place.bucket);
    if (!held?.delete(place)) return;
    open--;
    if (held.size === 0) buckets.delete(place.bucket);
  };
  server.on("connection", (socket: Socket) => {
    const bucket = addressBucket(socket.remoteAddress ?? "unknown");
    const held = buckets.get(bucket);
    const atAddressLimit = (held?.size ?? 0) >= limits.maxPerAddress;
    if (atAddressLimit || open >= limits.maxConnections) {
      const freed = atAddressLimit ? oldestUnanswered(held!) : placeToFree(buckets, bucket);
      if (!freed) {
        socket.destroy();
        return;
      }
      release(freed);
      freed.socket.destroy();
    }
    const place: Place = { socket, bucket, state: "waiting" };
    places.set(socket, place);
    buckets.set(bucket, (buckets.get(bucket) ?? new Set()).add(place));
    open++;
    socket.once("close", () => release(place));
  });
  return { open: () => open };
}

/**
 * Marks what a connection's current request is doing: `receiving` when its headers have arrived,
 * `answering` once the gate passes it on, `waiting` again when its answer is done. A no-op for a socket
 * no server counts (in-process tests).
 */
export function markConnection(socket: Socket, state: State) {
  const place = places.get(socket);
  if (place) place.state = state;
}
