/** What the HTTP server hands every loader and action. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Nonce for inline scripts, matching this response's Content-Security-Policy. */
    cspNonce: string;
    /** This visitor's CSRF token (published in <meta name="csrf-token"> and forms). */
    csrfToken: string;
    requestId: string;
    /** The visitor's address (Express req.ip: honours TRUST_PROXY, never a spoofable header otherwise). */
    clientIp: string;
  }
}

export {};
