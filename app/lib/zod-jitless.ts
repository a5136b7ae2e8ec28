import * as z from "zod";

// zod compiles its object parsers with `new Function`, after probing whether eval is allowed, when each
// object schema is built. Our content-security-policy forbids eval, so in the browser that probe was a
// CSP violation every engine reported (docs/decisions/004-nonce-csp.md). This module is the root
// route's first import, so it runs before any schema is built; the server, under no such policy, keeps
// the compiled parsers.
if (typeof document !== "undefined") z.config({ jitless: true });
