import { describe, expect, it } from "vitest";
import { createUserSession } from "~/accounts/session.server";
import { useTestDatabase } from "../../support/database";
import { useStripeEmulator } from "../../support/stripe";
import { getCheckout as get, postCheckout as post } from "./checkout-calls";
import { contract, person, tutor } from "../../integration/tutoring/fixtures";

/** /checkout?student_tutor_contract_id={id}: the student pays a tutoring contract by card. */
const database = useTestDatabase();
useStripeEmulator();

async function cookieOf(userId: number) {
  return (await createUserSession({ userId, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
}

async function setting(options: { paid?: boolean } = {}) {
  const db = database().db;
  const teacher = await tutor(db);
  const student = await person(db);
  const { id } = await contract(db, { tutorId: teacher.id, studentId: student.id, paid: options.paid ?? false });
  return { teacher, student, contractId: id };
}

describe("GET /checkout?student_tutor_contract_id={id}", () => {
  it("shows the student the contract's hours at its rate in its currency", async () => {
    const { student, contractId } = await setting();
    const answer = await get(`student_tutor_contract_id=${contractId}`, await cookieOf(student.id));
    expect(answer.status).toBe(200);
    expect(answer.data.view.product).toMatchObject({ kind: "tutoring", contract: { id: contractId, tutorName: "Tess Tutor", minutes: 180 } });
    expect(answer.data.view.quote).toMatchObject({ name: "Tutoring with Tess Tutor: 3 hours", currency: "USD", priceCents: 12_000 });
    expect(answer.data.view.productQuery).toEqual({ student_tutor_contract_id: String(contractId) });
    expect(answer.data.view.blocked).toBeNull();
  });

  it("asks a guest to log in, and shows nothing of the contract", async () => {
    const { contractId } = await setting();
    const answer = await get(`student_tutor_contract_id=${contractId}`);
    expect(answer.status).toBe(401);
    expect(answer.data).toMatchObject({ view: null, error: "Log in to pay for your tutoring.", link: { href: `/users/sign_in?redirect_to=${encodeURIComponent(`/checkout?student_tutor_contract_id=${contractId}`)}` } });
  });

  it("answers the tutor and any other user as for an unknown contract", async () => {
    const { teacher, contractId } = await setting();
    const stranger = await person(database().db);
    for (const viewer of [teacher.id, stranger.id]) {
      const answer = await get(`student_tutor_contract_id=${contractId}`, await cookieOf(viewer));
      expect(answer.status).toBe(404);
      expect(answer.data).toMatchObject({ view: null, error: "This tutoring contract does not exist." });
    }
    expect((await get("student_tutor_contract_id=nope", await cookieOf(stranger.id))).status).toBe(400);
  });

  it("a paid contract is shown as paid (409) and cannot be paid again", async () => {
    const { student, contractId } = await setting({ paid: true });
    const cookie = await cookieOf(student.id);
    const answer = await get(`student_tutor_contract_id=${contractId}`, cookie);
    expect(answer.status).toBe(409);
    expect(answer.data.view.blocked).toBe("This contract is already paid.");
    const paying = await post(`student_tutor_contract_id=${contractId}`, { student_tutor_contract_id: String(contractId), intent: "pay", country: "US" }, cookie);
    expect(paying.status).toBe(409);
    expect(await database().db.selectFrom("purchases").select("id").where("student_tutor_contract_id", "=", contractId).execute()).toEqual([]);
  });
});

describe("POST /checkout (tutoring)", () => {
  it("sends the student to the payment page with a pending tutoring purchase", async () => {
    const { student, contractId } = await setting();
    const answer = await post(`student_tutor_contract_id=${contractId}`, { student_tutor_contract_id: String(contractId), intent: "pay", country: "CA" }, await cookieOf(student.id));
    expect(answer.status).toBe(303);
    const purchase = await database().db.selectFrom("purchases").selectAll().where("student_tutor_contract_id", "=", contractId).executeTakeFirstOrThrow();
    expect(purchase).toMatchObject({ kind: "tutoring", status: "pending", user_id: student.id, total_cents: 12_600, currency: "USD" });
  });
});
