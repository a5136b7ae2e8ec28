// The bodies the gate lets through: held until whole and within their limit, and for the upload route
// read only for someone allowed to upload, while an upload place is free (docs/decisions/074).
import type { IncomingMessage, ServerResponse } from "node:http";
import { refusals, sendRefusal } from "~/http/gate-answers.server";
import type { GateConfig, Refusal } from "~/http/gate-policy.server";

/**
 * Upload bodies held at once: the upload's larger limit must not multiply by every connection a client can
 * open. Only those allowed to upload (asked before a place is taken) hold one; admins upload now and then.
 */
const MAX_UPLOADS_IN_FLIGHT = 4;
let uploadsInFlight = 0;
const BODY_DEADLINE_MS = 10_000;

/** Counts an upload body as held from now until `release` (called once, however the body ends); false when there is no room. */
function holdUpload(config: GateConfig): (() => void) | false {
  if (uploadsInFlight >= (config.maxUploadsInFlight ?? MAX_UPLOADS_IN_FLIGHT)) return false;
  uploadsInFlight++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    uploadsInFlight--;
  };
}

/**
 * Holds a request until its body has arrived whole and within the limit, then hands it on with the body
 * intact. Node's parser delivers body chunks through `push`; intercepting it means no chunk beyond the
 * limit is ever buffered, and an oversized body is answered 413 the moment it crosses the limit.
 */
export function collectBody(
  req: IncomingMessage,
  res: ServerResponse,
  body: { limit: number; tooLarge: Refusal; onSettled?: () => void },
  config: GateConfig,
  proceed: () => void,
) {
  const { limit } = body;
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const push = req.push;
  const settle = () => {
    settled = true;
    clearTimeout(deadline);
    body.onSettled?.();
  };
  const deadline = setTimeout(() => {
    if (settled) return;
    settle();
    sendRefusal(req, res, refusals.tooSlow, { closeConnection: true });
  }, config.bodyDeadlineMs ?? BODY_DEADLINE_MS);
  req.push = function interceptBody(chunk: unknown, encoding?: BufferEncoding) {
    if (settled) return false;
    if (chunk === null) {
      settle();
      req.push = push;
      for (const piece of chunks) push.call(req, piece);
      push.call(req, null);
      proceed();
      return false;
    }
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding);
    size += piece.length;
    if (size > limit) {
      settle();
      chunks.length = 0;
      sendRefusal(req, res, body.tooLarge, { closeConnection: true });
      return false;
    }
    chunks.push(piece);
    return true;
  };
  // A client that hangs up mid-body must not keep the timer (and what was collected) alive.
  req.once("close", () => {
    if (!settled) {
      settle();
      chunks.length = 0;
    }
  });
}

/**
 * Holds back a body's bytes while the gate decides whether to read it at all: the first bytes the parser
 * delivers are kept and it stops reading the socket (push answers false), so at most one read's worth
 * waits. `release` restores the stream and hands back what was kept, in order (null: the body's end).
 */
function holdBodyBack(req: IncomingMessage) {
  const push = req.push;
  const held: (Buffer | null)[] = [];
  req.push = function holdBack(chunk: unknown, encoding?: BufferEncoding) {
    held.push(chunk === null ? null : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding));
    return false;
  };
  let closed = false;
  req.once("close", () => (closed = true));
  return {
    closed: () => closed || req.socket.destroyed,
    release() {
      req.push = push;
      return held;
    },
  };
}

/**
 * An upload route's body: read only for someone allowed to upload (others get their answer with the body
 * unread), and only while an upload place is free.
 */
export function collectUpload(
  req: IncomingMessage,
  res: ServerResponse,
  body: { limit: number; tooLarge: Refusal },
  config: GateConfig,
  proceed: () => void,
) {
  const refuse = (refusal: Refusal) => sendRefusal(req, res, refusal, { closeConnection: true });
  const heldBack = holdBodyBack(req);
  void config
    .authorizeUpload(req)
    .catch(() => refusals.uploaderUnknown)
    .then((refusal) => {
      const held = heldBack.release();
      if (heldBack.closed()) return;
      if (refusal) return refuse(refusal);
      const release = holdUpload(config);
      if (!release) return refuse(refusals.uploadsBusy);
      collectBody(req, res, { ...body, onSettled: release }, config, proceed);
      for (const chunk of held) req.push(chunk);
      req.socket.resume();
    });
}
