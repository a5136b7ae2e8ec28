// Who keeps a place among the server's connections, on a stand-in server and stand-in sockets: random
// arrivals, hang-ups and request progress from IPv4, IPv4-mapped and IPv6 addresses, some sharing a /64.
import { EventEmitter } from "node:events";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addressBucket } from "~/http/address-bucket.server";
import { markConnection, shareConnections } from "~/http/connection-places.server";

type State = "waiting" | "receiving" | "answering";
type FakeSocket = EventEmitter & {
  remoteAddress: string;
  destroyed: boolean;
  destroy(): void;
  state: State;
  order: number;
};

function fakeSocket(remoteAddress: string, order: number): FakeSocket {
  const socket = Object.assign(new EventEmitter(), {
    remoteAddress,
    destroyed: false,
    state: "waiting" as State,
    order,
  });
  return Object.assign(socket, {
    destroy() {
      if (socket.destroyed) return;
      socket.destroyed = true;
      socket.emit("close");
    },
  });
}

function harness(maxConnections: number, maxPerAddress: number) {
  const server = new EventEmitter();
  shareConnections(server as unknown as Server, { maxConnections, maxPerAddress });
  const alive: FakeSocket[] = [];
  let order = 0;
  const byBucket = () => {
    const buckets = new Map<string, FakeSocket[]>();
    for (const socket of alive)
      buckets.set(addressBucket(socket.remoteAddress), [
        ...(buckets.get(addressBucket(socket.remoteAddress)) ?? []),
        socket,
      ]);
    return buckets;
  };
  return {
    alive,
    byBucket,
    arrive(address: string) {
      const socket = fakeSocket(address, order++);
      server.emit("connection", socket);
      const closed = alive.filter((other) => other.destroyed);
      for (const gone of closed) alive.splice(alive.indexOf(gone), 1);
      if (!socket.destroyed) alive.push(socket);
      return { socket, closed };
    },
    hangUp(socket: FakeSocket) {
      socket.destroy();
      alive.splice(alive.indexOf(socket), 1);
    },
    mark(socket: FakeSocket, state: State) {
      socket.state = state;
      markConnection(socket as unknown as Socket, state);
    },
  };
}

// A few /64s with several addresses each, IPv4 clients, and one of them also as IPv4-mapped IPv6.
const ADDRESSES = [
  "2001:db8:0:1::1",
  "2001:db8:0:1::2",
  "2001:db8:0:1:ffff:ffff:ffff:fffe",
  "2001:db8:0:2::1",
  "2001:db8:0:2::9",
  "192.0.2.1",
  "::ffff:192.0.2.1",
  "192.0.2.2",
  "198.51.100.7",
];

const step = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("arrive" as const), address: fc.constantFrom(...ADDRESSES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("hangUp" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("mark" as const),
      pick: fc.nat(),
      state: fc.constantFrom<State>("waiting", "receiving", "answering"),
    }),
  },
);

describe("connection places", () => {
  test("never more than the limits; a newcomer is turned away only when every address holding as many or more is being answered", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(step, { maxLength: 120 }),
        (maxConnections, maxPerAddress, steps) => {
          const server = harness(maxConnections, maxPerAddress);
          for (const action of steps) {
            if (action.kind === "hangUp" || action.kind === "mark") {
              const socket = server.alive[action.pick % Math.max(1, server.alive.length)];
              if (!socket) continue;
              if (action.kind === "hangUp") server.hangUp(socket);
              else server.mark(socket, action.state);
              continue;
            }
            const before = server.byBucket();
            const openBefore = server.alive.length;
            const own = addressBucket(action.address);
            const ownHeld = before.get(own) ?? [];
            const { socket, closed } = server.arrive(action.address);
            expect(server.alive.length).toBeLessThanOrEqual(maxConnections);
            for (const held of server.byBucket().values()) expect(held.length).toBeLessThanOrEqual(maxPerAddress);
            expect(closed.length).toBeLessThanOrEqual(1);
            // Where a place may come from: the newcomer's own address at its limit; on a full server, an
            // address holding more than the newcomer's, or its own; otherwise nowhere.
            const atAddressLimit = ownHeld.length >= maxPerAddress;
            const larger = [...before]
              .filter(([bucket, held]) => held.length > ownHeld.length || bucket === own)
              .map(([, held]) => held);
            const eligible = atAddressLimit ? [ownHeld] : openBefore >= maxConnections ? larger : [];
            if (eligible.length === 0) expect(socket.destroyed || closed.length > 0).toBe(false);
            if (socket.destroyed) {
              for (const held of eligible) expect(held.every((other) => other.state === "answering")).toBe(true);
            }
            for (const freed of closed) {
              expect(freed.state).not.toBe("answering");
              const bucket = before.get(addressBucket(freed.remoteAddress))!;
              expect(eligible).toContain(bucket);
              // The address holding the most among those with a place to give, and its oldest such place,
              // one that had not begun a request first.
              for (const held of eligible)
                if (held.some((other) => other.state !== "answering"))
                  expect(bucket.length).toBeGreaterThanOrEqual(held.length);
              const candidates = bucket.filter(
                (other) => other.state === (bucket.some((o) => o.state === "waiting") ? "waiting" : "receiving"),
              );
              expect(freed.order).toBe(Math.min(...candidates.map((other) => other.order)));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test("addresses of one IPv6 /64 share one address's places; another /64 and IPv4 have their own", () => {
    const server = harness(100, 3);
    for (const address of ["2001:db8:0:1::1", "2001:db8:0:1::2", "2001:db8:0:1:abcd::3"])
      expect(server.arrive(address).closed).toEqual([]);
    const fourth = server.arrive("2001:db8:0:1:ffff::4");
    expect(fourth.closed.map((socket) => socket.remoteAddress)).toEqual(["2001:db8:0:1::1"]);
    expect(server.arrive("2001:db8:0:2::1").closed).toEqual([]);
    expect(server.arrive("192.0.2.1").closed).toEqual([]);
  });

  test("a full server frees a place of the address holding the most for a visitor from anywhere else", () => {
    const server = harness(12, 6);
    for (let i = 0; i < 6; i++) server.arrive("2001:db8:0:1::" + (i + 1).toString(16));
    for (let i = 0; i < 4; i++) server.arrive("192.0.2.1");
    for (let i = 0; i < 2; i++) server.arrive("192.0.2.2");
    const health = server.arrive("127.0.0.1");
    expect(health.socket.destroyed).toBe(false);
    expect(health.closed.map((socket) => addressBucket(socket.remoteAddress))).toEqual(["2001:db8:0:1::/64"]);
  });
});
