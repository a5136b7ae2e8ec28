import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "~/utils/database.server";

// What the pg driver and Prisma say when the database cannot be reached, however the request met it: a
// connection refused or cut, a pool that waited too long, a client whose socket died a moment before
// the query was sent. Each must become the 503 "temporarily unavailable", never a 500.
const UNREACHABLE = [
  "connect ECONNREFUSED 127.0.0.1:5432",
  "read ECONNRESET",
  "write EPIPE",
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  // pg's answer to a query sent on a client whose socket died a moment before (a busy server can send
  // it before the client's error event has been handled), or that the pool has just closed.
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "terminating connection due to administrator command",
  "the database system is shutting down",
  "Can't reach database server at `db:5432`",
];

// A mistake of ours, which must stay a 500 and be logged as one.
const OUR_FAULTS = [
  'relation "Trail" does not exist',
  'syntax error at or near "SELEC"',
  "Unique constraint failed on the fields: (`email`)",
  "invalid input syntax for type uuid",
];

const wrapped = (error: Error, depth: number): Error =>
  depth === 0 ? error : new Error("the query failed", { cause: wrapped(error, depth - 1) });

describe("isDatabaseUnavailable", () => {
  test("every way the driver says the database is out of reach counts, however deep in the causes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNREACHABLE), fc.integer({ min: 0, max: 3 }), (message, depth) => {
        expect(isDatabaseUnavailable(wrapped(new Error(message), depth))).toBe(true);
      }),
    );
  });

  test("errors of our own making do not", () => {
    for (const message of OUR_FAULTS) expect(isDatabaseUnavailable(new Error(message)), message).toBe(false);
    expect(isDatabaseUnavailable({ code: "P2002", message: "Unique constraint failed" })).toBe(false);
  });
});
