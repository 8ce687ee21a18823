import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

/**
 * A stand-in for Google's sign-in keys: an RSA key pair, its public half served as a JWKS from
 * a loopback HTTP server, and a helper minting ID tokens the way Google does.
 */
export async function startLocalGoogleKeys(options: { clientId: string }) {
  const kid = "test-key-1";
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  let requests = 0;
  let failing = false;
  const server: Server = createServer((_req, res) => {
    requests += 1;
    if (failing) {
      res.writeHead(500).end("down");
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;

  async function idToken(
    claims: JWTPayload & { email?: string; email_verified?: unknown; given_name?: string; family_name?: string } = {},
    sign: { key?: CryptoKey; kid?: string; expiresIn?: string | number; issuedAt?: number } = {},
  ) {
    const payload = {
      iss: "https://accounts.google.com",
      aud: options.clientId,
      sub: "google-uid-1",
      email: "person@example.test",
      email_verified: true,
      given_name: "Gia",
      family_name: "Google",
      ...claims,
    };
    const jwt = new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: sign.kid ?? kid, typ: "JWT" });
    jwt.setIssuedAt(sign.issuedAt);
    jwt.setExpirationTime(sign.expiresIn ?? "1h");
    return jwt.sign(sign.key ?? privateKey);
  }

  return {
    jwksUrl,
    idToken,
    /** Another key pair, never published: tokens it signs must be refused. */
    otherKey: async () => (await generateKeyPair("RS256")).privateKey,
    requests: () => requests,
    setFailing: (value: boolean) => {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs a Facebook signed_request the way Facebook does: HMAC-SHA256 over the base64url payload. */
export async function facebookSignedRequest(payload: Record<string, unknown>, secret: string) {
  const { createHmac } = await import("node:crypto");
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const signature = createHmac("sha256", secret).update(encoded).digest("base64url");
  return `${signature}.${encoded}`;
}
