import { afterEach, describe, expect, it } from "vitest";
import { mailLink, mailLinkOrigin } from "~/mail/links.server";
import { resetSingleton } from "~/utils/singleton.server";

const VARIABLES = ["APP_ORIGIN", "HOST", "PORT"] as const;
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));

function withEnvironment(env: Partial<Record<(typeof VARIABLES)[number], string>>) {
  for (const name of VARIABLES) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
  resetSingleton("config");
}

afterEach(() => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetSingleton("config");
});

describe("mailLinkOrigin", () => {
  const request = new Request("http://host-from-request.test:8080/users/password", { method: "POST" });
  it.each<[Partial<Record<(typeof VARIABLES)[number], string>>, Request | undefined, string]>([
    // APP_ORIGIN wins over the request's Host header, which the requester chooses (reset poisoning).
    [{ APP_ORIGIN: "https://marketplace.example/some/path" }, request, "https://marketplace.example"],
    [{}, request, "http://host-from-request.test:8080"],
    [{}, undefined, "http://localhost:3000"],
    [{ HOST: "127.0.0.1", PORT: "4173" }, undefined, "http://127.0.0.1:4173"],
    [{ HOST: "0.0.0.0", PORT: "8080" }, undefined, "http://localhost:8080"],
  ])("%j with %s → %s", (env, given, origin) => {
    withEnvironment(env);
    expect(mailLinkOrigin(given)).toBe(origin);
  });
});

it("encodes query values in mail links", () => {
  withEnvironment({ APP_ORIGIN: "https://marketplace.example" });
  expect(mailLink("/users/confirmation", { confirmation_token: "a b&c=d" })).toBe(
    "https://marketplace.example/users/confirmation?confirmation_token=a+b%26c%3Dd",
  );
});
