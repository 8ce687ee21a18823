import { describe, expect, it } from "vitest";
import { registrationApiSchema, registrationFormSchema, registrationRefusal, REGISTERED_MESSAGE } from "~/study-sessions/registration";

describe("the registration fields", () => {
  it.each([
    [{}, { course_id: undefined, phone_number: undefined }],
    [{ course_id: "12", phone_number: " +1 (519) 555-0100 " }, { course_id: 12, phone_number: "+1 (519) 555-0100" }],
    [{ course_id: "", phone_number: "" }, { course_id: undefined, phone_number: undefined }],
  ])("reads %j", (input, expected) => {
    expect(registrationApiSchema.parse(input)).toEqual(expected);
  });

  it.each([[{ course_id: "abc" }], [{ course_id: "-3" }], [{ phone_number: "call me" }], [{ phone_number: "1".repeat(41) }]])("refuses %j", (input) => {
    expect(registrationApiSchema.safeParse(input).success).toBe(false);
  });

  it("asks a guest for an account and ignores account fields from a signed-in student", () => {
    expect(registrationFormSchema("guest").safeParse({}).success).toBe(false);
    const guest = registrationFormSchema("guest").parse({ first_name: "Gia", last_name: "Tran", email: "gia@example.test", password: "a long enough password" });
    expect(guest.account).toMatchObject({ email: "gia@example.test" });
    expect(registrationFormSchema("signed-in").parse({ email: "x" }).account).toBeNull();
  });
});

describe("registrationRefusal", () => {
  const open = { enrolment: null, price: { free: true }, timing: "upcoming" as const };
  it.each([
    [open, undefined],
    [{ ...open, timing: "live" as const }, undefined],
    [{ ...open, enrolment: { status: "active" } }, 409],
    [{ ...open, price: { free: false } }, 409],
    [{ ...open, timing: "past" as const }, 409],
  ])("%j → %s", (state, status) => {
    expect(registrationRefusal(state)?.status).toBe(status);
  });

  it("keeps SPEC §8's success text word for word", () => {
    expect(REGISTERED_MESSAGE).toBe("Thanks for signing up. You should receive a confirmation email shortly.");
  });
});
