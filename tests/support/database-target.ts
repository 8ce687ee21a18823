import net from "node:net";

/**
 * Where integration tests keep their databases: TEST_DATABASE_URL, else the local
 * PostgreSQL server when it answers, else embedded PGlite.
 */
export type DatabaseTarget = { kind: "postgres"; adminUrl: string } | { kind: "embedded" };

const LOCAL_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres";

export async function detectDatabaseTarget(): Promise<DatabaseTarget> {
  if (process.env.TEST_DATABASE_URL) return { kind: "postgres", adminUrl: process.env.TEST_DATABASE_URL };
  if (process.env.TEST_DATABASE === "embedded") return { kind: "embedded" };
  return (await portOpen("127.0.0.1", 5432)) ? { kind: "postgres", adminUrl: LOCAL_SERVER } : { kind: "embedded" };
}

function portOpen(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(500);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

export function databaseUrl(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
