import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { conformNames, passwordFormSchema, profileFormSchema, userUpdateApiSchema } from "~/accounts/profile-forms";

/** The profile form as a browser without JavaScript posts it. */
function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ intent: "profile", first_name: "Maya", last_name: "Chen", email: "maya@example.test", ...fields })) data.append(key, value);
  return conformNames(data);
}

describe("conformNames", () => {
  it("turns Rails-style nested names into conform's", () => {
    const data = new FormData();
    data.append("user_courses_attributes[0][id]", "5");
    data.append("user_courses_attributes[0][_destroy]", "1");
    data.append("user_courses_attributes[1][course_id]", "9");
    data.append("first_name", "Maya");
    expect([...conformNames(data).keys()]).toEqual(["user_courses_attributes[0].id", "user_courses_attributes[0]._destroy", "user_courses_attributes[1].course_id", "first_name"]);
  });
});

describe("profileFormSchema", () => {
  it("reads a full form: numbers, a checked remove box, an add slot; empty fields drop out", () => {
    const result = parseWithZod(
      form({
        school_id: "3",
        year: "2",
        faculty: "",
        country_code: "CA",
        "user_courses_attributes[0][id]": "11",
        "user_courses_attributes[0][_destroy]": "1",
        "user_courses_attributes[1][id]": "12",
        "user_courses_attributes[2][course_id]": "40",
      }),
      { schema: profileFormSchema },
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({ school_id: 3, year: "2", country_code: "CA" });
    expect(result.value.faculty).toBeUndefined();
    expect(result.value.user_courses_attributes).toEqual([
      { id: 11, _destroy: true },
      { id: 12, _destroy: false },
      { course_id: 40, _destroy: false },
    ]);
  });

  it("ignores an untouched add-a-course select", () => {
    const result = parseWithZod(form({ "user_courses_attributes[0][course_id]": "" }), { schema: profileFormSchema });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.user_courses_attributes).toEqual([]);
  });

  it.each([
    ["an empty first name", { first_name: "" }, "first_name"],
    ["a bad email", { email: "not-an-email" }, "email"],
    ["a school that is not a number", { school_id: "abc" }, "school_id"],
    ["a country we do not serve", { country_code: "FR" }, "country_code"],
    ["an overlong year", { year: "x".repeat(21) }, "year"],
    ["an overlong bio", { bio: "x".repeat(2001) }, "bio"],
    ["a course id that is not a number", { "user_courses_attributes[0][course_id]": "abc" }, "user_courses_attributes[0].course_id"],
  ])("refuses %s with a message on the field", (_name, fields, field) => {
    const result = parseWithZod(form(fields), { schema: profileFormSchema });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error?.[field]?.length).toBeGreaterThan(0);
  });
});

describe("passwordFormSchema", () => {
  const data = (fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [key, value] of Object.entries({ intent: "password", ...fields })) formData.append(key, value);
    return formData;
  };
  it("accepts matching passwords of the allowed length", () => {
    expect(parseWithZod(data({ password: "a-new-password", password_confirmation: "a-new-password" }), { schema: passwordFormSchema }).status).toBe("success");
  });
  it("refuses passwords that do not match, on the confirmation field", () => {
    const result = parseWithZod(data({ password: "a-new-password", password_confirmation: "another-one" }), { schema: passwordFormSchema });
    expect(result.status === "error" && result.error?.password_confirmation).toEqual(["The two passwords don't match"]);
  });
  it("refuses a short password", () => {
    const result = parseWithZod(data({ password: "short", password_confirmation: "short" }), { schema: passwordFormSchema });
    expect(result.status === "error" && result.error?.password?.length).toBeGreaterThan(0);
  });
});

describe("userUpdateApiSchema", () => {
  it("takes only the fields sent, null clearing a field, and user course entries", () => {
    const parsed = userUpdateApiSchema.parse({ user: { year: null, school_id: 4, user_courses_attributes: [{ id: 2, _destroy: true }, { course_id: 7 }] } });
    expect(parsed.user).toEqual({ year: null, school_id: 4, user_courses_attributes: [{ id: 2, _destroy: true }, { course_id: 7, _destroy: false }] });
  });
  it.each([
    ["an unknown field", { user: { is_admin: true } }],
    ["roles (not editable here)", { user: { roles: ["admin"] } }],
    ["an entry with neither id nor course_id", { user: { user_courses_attributes: [{ _destroy: true }] } }],
    ["an empty first name", { user: { first_name: " " } }],
    ["a bad country", { user: { country_code: "FR" } }],
    ["no user object", {}],
  ])("refuses %s", (_name, body) => {
    expect(userUpdateApiSchema.safeParse(body).success).toBe(false);
  });
});
