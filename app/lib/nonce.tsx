import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce while rendering on the server; undefined in the browser (not needed there). */
export const useNonce = () => useContext(NonceContext);
