import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailableError } from "~/db/connection-errors";

/** An Error with a `code`, as node's net module and node-postgres raise them. */
function errorWithCode(code: unknown, message = "failed") {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailableError", () => {
  describe("network error codes mean unavailable", () => {
    it.each(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"])("%s", (code) => {
      expect(isDatabaseUnavailableError(errorWithCode(code, `connect ${code} 127.0.0.1:5432`))).toBe(true);
    });
  });

  describe("SQLSTATE class 08 (connection exception) means unavailable", () => {
    it.each([
      ["08000", "connection_exception"],
      ["08003", "connection_does_not_exist"],
      ["08006", "connection_failure"],
      ["08001", "sqlclient_unable_to_establish_sqlconnection"],
      ["08004", "sqlserver_rejected_establishment_of_sqlconnection"],
      ["08007", "transaction_resolution_unknown"],
      ["08P01", "protocol_violation"],
    ])("%s %s", (code) => {
      expect(isDatabaseUnavailableError(errorWithCode(code))).toBe(true);
    });
  });

  describe("listed server-going-away and saturation SQLSTATEs mean unavailable", () => {
    it.each([
      ["57P01", "admin_shutdown"],
      ["57P02", "crash_shutdown"],
      ["57P03", "cannot_connect_now"],
      ["53300", "too_many_connections"],
      ["57014", "query_canceled"],
    ])("%s %s", (code) => {
      expect(isDatabaseUnavailableError(errorWithCode(code))).toBe(true);
    });
  });

  describe("ordinary SQL errors are not unavailable (they are bugs or bad input)", () => {
    it.each([
      ["23505", "unique_violation", 'duplicate key value violates unique constraint "users_email_key"'],
      ["23503", "foreign_key_violation", 'insert or update on table "courses" violates foreign key constraint'],
      ["23502", "not_null_violation", 'null value in column "name" violates not-null constraint'],
      ["23514", "check_violation", 'new row for relation "courses" violates check constraint'],
      ["42P01", "undefined_table", 'relation "missing_table" does not exist'],
      ["42703", "undefined_column", 'column "nope" does not exist'],
      ["42601", "syntax_error", 'syntax error at or near "SELEC"'],
      ["42501", "insufficient_privilege", "permission denied for table users"],
      ["22P02", "invalid_text_representation", 'invalid input syntax for type integer: "abc"'],
      ["22001", "string_data_right_truncation", "value too long for type character varying(10)"],
      ["40001", "serialization_failure", "could not serialize access due to concurrent update"],
      ["40P01", "deadlock_detected", "deadlock detected"],
      ["53200", "out_of_memory", "out of memory"],
      ["57P04", "database_dropped", "database dropped"],
      ["28P01", "invalid_password", 'password authentication failed for user "app"'],
      ["3D000", "invalid_catalog_name", 'database "nope" does not exist'],
      ["80000", "not a SQLSTATE class 08", "something"],
      ["008000", "08 not at the start", "something"],
    ])("%s %s", (code, _name, message) => {
      expect(isDatabaseUnavailableError(errorWithCode(code, message))).toBe(false);
    });

    it.each(["ENOENT", "EACCES", "EADDRINUSE", "ERR_INVALID_ARG_TYPE", "econnrefused", ""])("node code %j", (code) => {
      expect(isDatabaseUnavailableError(errorWithCode(code))).toBe(false);
    });

    it.each([
      "Something went wrong",
      "no result",
      "column reference is ambiguous",
      "Connection string is invalid",
      "Timeout while waiting for lock",
    ])("plain Error %j", (message) => {
      expect(isDatabaseUnavailableError(new Error(message))).toBe(false);
    });

    it.each([TypeError, RangeError, SyntaxError])("%o with an ordinary message", (ErrorClass) => {
      expect(isDatabaseUnavailableError(new ErrorClass("Cannot read properties of undefined"))).toBe(false);
    });
  });

  it.each([8006, 8000, null, undefined, { sqlState: "08006" }])("ignores a non-string code %j", (code) => {
    expect(isDatabaseUnavailableError(errorWithCode(code, "ordinary failure"))).toBe(false);
  });

  describe("connection-loss messages mean unavailable", () => {
    it.each([
      "Connection terminated unexpectedly",
      "Connection terminated due to connection timeout",
      "connection terminated",
      "timeout exceeded when trying to connect",
      "Timeout exceeded when trying to connect",
      "Query read timeout",
      "Client has encountered a connection error and is not queryable",
      "Connection is closed",
      "connection closed",
      "The connection is closed.",
      "Cannot use a pool after calling end on the pool",
      "PGlite is closed: connection closed",
    ])("%j", (message) => {
      expect(isDatabaseUnavailableError(new Error(message))).toBe(true);
    });

    it("recognises the message on an Error subclass", () => {
      expect(isDatabaseUnavailableError(new TypeError("Connection terminated unexpectedly"))).toBe(true);
    });

    it("recognises the message even when the error carries an ordinary code", () => {
      expect(isDatabaseUnavailableError(errorWithCode("XX000", "Connection terminated unexpectedly"))).toBe(true);
    });
  });

  describe("AggregateError", () => {
    it("is unavailable when any inner error is", () => {
      const error = new AggregateError([new Error("nope"), errorWithCode("ECONNREFUSED")], "connect failed");
      expect(isDatabaseUnavailableError(error)).toBe(true);
    });

    it("is unavailable when every inner error is (dual-stack connect refused)", () => {
      const error = new AggregateError([errorWithCode("ECONNREFUSED", "::1:5432"), errorWithCode("ECONNREFUSED", "127.0.0.1:5432")]);
      expect(isDatabaseUnavailableError(error)).toBe(true);
    });

    it("is unavailable when its own code is a network code", () => {
      expect(isDatabaseUnavailableError(Object.assign(new AggregateError([], ""), { code: "ECONNREFUSED" }))).toBe(true);
    });

    it("looks through nested AggregateErrors", () => {
      const inner = new AggregateError([errorWithCode("57P01")]);
      expect(isDatabaseUnavailableError(new AggregateError([new Error("x"), inner]))).toBe(true);
    });

    it("is not unavailable when no inner error is", () => {
      const error = new AggregateError([errorWithCode("23505"), new Error("syntax error")], "several failures");
      expect(isDatabaseUnavailableError(error)).toBe(false);
    });

    it("is not unavailable when empty", () => {
      expect(isDatabaseUnavailableError(new AggregateError([]))).toBe(false);
    });

    it("ignores non-Error inner values", () => {
      expect(isDatabaseUnavailableError(new AggregateError(["ECONNREFUSED", { code: "ECONNREFUSED" }, null]))).toBe(false);
    });

    it("is unavailable by its own message", () => {
      expect(isDatabaseUnavailableError(new AggregateError([new Error("x")], "Connection terminated"))).toBe(true);
    });
  });

  describe("non-Errors are never unavailable", () => {
    it.each<[string, unknown]>([
      ["undefined", undefined],
      ["null", null],
      ["a string naming a network code", "ECONNREFUSED"],
      ["a connection-loss string", "Connection terminated unexpectedly"],
      ["a plain object with a network code", { code: "ECONNREFUSED", message: "connect ECONNREFUSED" }],
      ["a plain object with SQLSTATE 08006", { code: "08006" }],
      ["a plain object with a connection-loss message", { message: "Connection terminated" }],
      ["a number", 503],
      ["an array of errors", [errorWithCode("ECONNREFUSED")]],
    ])("%s", (_label, value) => {
      expect(isDatabaseUnavailableError(value)).toBe(false);
    });
  });

  describe("DatabaseUnavailableError", () => {
    it("is itself unavailable", () => {
      expect(isDatabaseUnavailableError(new DatabaseUnavailableError(new Error("x")))).toBe(true);
    });

    it("is unavailable whatever its cause", () => {
      expect(isDatabaseUnavailableError(new DatabaseUnavailableError(errorWithCode("23505")))).toBe(true);
      expect(isDatabaseUnavailableError(new DatabaseUnavailableError(undefined))).toBe(true);
    });

    it("is unavailable inside an AggregateError", () => {
      expect(isDatabaseUnavailableError(new AggregateError([new DatabaseUnavailableError(null)]))).toBe(true);
    });
  });
});

describe("DatabaseUnavailableError", () => {
  it("carries status 503, its name, a fixed message and the cause", () => {
    const cause = errorWithCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
    const error = new DatabaseUnavailableError(cause);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DatabaseUnavailableError");
    expect(error.message).toBe("The database is unavailable");
    expect(error.status).toBe(503);
    expect(error.cause).toBe(cause);
  });

  it("keeps a non-Error cause as given", () => {
    expect(new DatabaseUnavailableError("socket hang up").cause).toBe("socket hang up");
  });

  it("does not leak the cause's message into its own", () => {
    const error = new DatabaseUnavailableError(new Error("password authentication failed for user app"));
    expect(error.message).not.toContain("password");
  });
});
