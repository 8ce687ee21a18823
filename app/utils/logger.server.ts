import { pino, type Logger } from "pino";
import { singleton } from "~/utils/singleton.server";

/** The structured logger (JSON lines on stdout) shared by the HTTP server and the app. */
export function logger(): Logger {
  return singleton("logger", () =>
    pino({
      level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
      base: { pid: process.pid },
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"], remove: true },
    }),
  );
}
