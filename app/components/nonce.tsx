import { createContext, useContext } from "react";

// Browsers hide nonce values from the DOM, so on the client this is always "".
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
