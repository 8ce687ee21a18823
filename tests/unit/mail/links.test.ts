import { afterEach, describe, expect, it } from "vitest";
import { mailLink } from "~/mail/links.server";
import { siteOrigin } from "~/utils/site-origin.server";
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

describe("siteOrigin (where mailed links point)", () => {
  const request = new Request("http://host-from-request.test:8080/users/password", { method: "POST" });
  it.each<[Partial<Record<(typeof VARIABLES)[number], string>>, string]>([
    // APP_ORIGIN wins over the request's Host header, which the requester chooses (reset poisoning).
    [{ APP_ORIGIN: "https://marketplace.example/some/path" }, "https://marketplace.example"],
    [{}, "http://host-from-request.test:8080"],
    [{ HOST: "127.0.0.1", PORT: "4173" }, "http://host-from-request.test:8080"],
  ])("%j → %s", (env, origin) => {
    withEnvironment(env);
    expect(siteOrigin(request)).toBe(origin);
  });
});

it("encodes query values in mail links", () => {
  expect(mailLink("/users/confirmation", { confirmation_token: "a b&c=d" }, "https://marketplace.example")).toBe(
    "https://marketplace.example/users/confirmation?confirmation_token=a+b%26c%3Dd",
  );
});
