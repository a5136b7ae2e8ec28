// Single fetch types: loaders return plain objects (and data()) rather than json() responses.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
