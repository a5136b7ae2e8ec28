import { createContext, useContext, type ReactNode } from "react";

// The CSP nonce reaches the document's <Scripts> through context; browsers hide it after parsing,
// so on the client it is simply empty.
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce() {
  return useContext(NonceContext);
}
