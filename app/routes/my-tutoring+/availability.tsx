import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, SelectField } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { WEEKDAY_NAMES } from "~/tutoring/availability";
import { BLANK_WINDOW_ROWS, deleteExceptionSchema, exceptionSchema, hoursSchema, SESSION_LENGTHS, timeOf } from "~/tutoring/availability-form";
import { addAvailabilityException, deleteAvailabilityException, loadTutorCalendar, saveWeeklyHours } from "~/tutoring/availability.server";
import { COMMON_TIME_ZONES } from "~/tutoring/open-times";

const ROUTE = "routes/my-tutoring+/availability";
const BACK = "/my-tutoring/availability";

/** /my-tutoring/availability: a tutor's weekly hours (in their time zone), session length and dated exceptions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const today = new Date();
  const calendar = await loadTutorCalendar(session.user.id, today);
  if (!calendar) throw notFound("Set up your tutor profile first");
  return { calendar: { ...calendar, bookings: undefined } };
}

/** POST: save the weekly hours, add an exception or delete one — by `intent`. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const form = await request.formData();
  const intent = form.get("intent");
  const tutorId = session.user.id;
  if (intent === "add_exception") {
    const submission = parseWithZod(form, { schema: exceptionSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await addAvailabilityException(tutorId, submission.value);
    throw await redirectWithToast(BACK, { type: "success", message: "The exception is saved." });
  }
  if (intent === "delete_exception") {
    const submission = parseWithZod(form, { schema: deleteExceptionSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    if (!(await deleteAvailabilityException(tutorId, submission.value.exception_id))) return data({ intent, result: submission.reply({ formErrors: ["That exception is not on your calendar."] }) }, { status: 404 });
    throw await redirectWithToast(BACK, { type: "success", message: "The exception is removed." });
  }
  const submission = parseWithZod(form, { schema: hoursSchema });
  if (submission.status !== "success") return data({ intent: "save_hours", result: submission.reply() }, { status: 400 });
  await saveWeeklyHours(tutorId, submission.value);
  throw await redirectWithToast(BACK, { type: "success", message: "Your hours are saved. Students see the new open times now." });
}

export default function AvailabilityPage() {
  const { calendar } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const hoursErrors = answer?.intent === "save_hours" ? answer.result.error : undefined;
  const exceptionErrors = answer?.intent === "add_exception" || answer?.intent === "delete_exception" ? answer.result.error : undefined;
  const zones = COMMON_TIME_ZONES.includes(calendar.timeZone as (typeof COMMON_TIME_ZONES)[number]) ? COMMON_TIME_ZONES : [calendar.timeZone, ...COMMON_TIME_ZONES];
  const rows = [...calendar.weekly, ...Array.from({ length: BLANK_WINDOW_ROWS }, () => null)];
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/my-tutoring">My tutoring</Link>
      </p>
      <h1 className="page-heading">Your tutoring hours</h1>
      <p className="muted" style={{ marginTop: "var(--space-1)" }}>
        Students book sessions in these hours, in their own time zone, at least 12 hours ahead and never over a session already booked.
      </p>

      <section aria-labelledby="weekly-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="weekly-heading">
          Every week
        </h2>
        {/* Keyed by what is saved: after a save the fields show the hours as stored (sorted), not as typed. */}
        <Form method="post" className="tutoring-form" key={JSON.stringify([calendar.timeZone, calendar.sessionMinutes, calendar.weekly])}>
          <CsrfInput />
          <input type="hidden" name="intent" value="save_hours" />
          <FormErrors errors={[...(hoursErrors?.[""] ?? []), ...(hoursErrors?.windows ?? [])]} />
          <SelectField label="Your time zone" name="time_zone" defaultValue={calendar.timeZone} errors={hoursErrors?.time_zone ?? undefined}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </SelectField>
          <SelectField label="A session lasts" name="session_minutes" defaultValue={String(calendar.sessionMinutes)} errors={hoursErrors?.session_minutes ?? undefined}>
            {SESSION_LENGTHS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </SelectField>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Weekly hours, in your time zone</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">From</th>
                  <th scope="col">Until</th>
                  <th scope="col">Remove</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index}>
                    <td>
                      <select className="native-input" name={`windows[${index}].weekday`} defaultValue={row ? String(row.weekday) : "1"} aria-label={`Row ${index + 1}: day`}>
                        {WEEKDAY_NAMES.map((name, weekday) => (
                          <option key={name} value={weekday}>
                            {name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input className="native-input" type="time" step={1800} name={`windows[${index}].start`} defaultValue={row ? timeOf(row.startMinute) : ""} aria-label={`Row ${index + 1}: from`} />
                    </td>
                    <td>
                      <input className="native-input" type="time" step={1800} name={`windows[${index}].end`} defaultValue={row ? timeOf(row.endMinute % 1440) : ""} aria-label={`Row ${index + 1}: until`} />
                    </td>
                    <td>{row ? <input type="checkbox" name={`windows[${index}].remove`} value="on" aria-label={`Remove row ${index + 1}`} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">Times on the half hour. Leave a row empty to skip it; save again for more rows.</p>
          <div>
            <button type="submit" className="button" disabled={busy}>
              Save your hours
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="exceptions-heading" style={{ marginTop: "var(--space-6)" }}>
        <h2 className="section-heading" id="exceptions-heading">
          Days that differ
        </h2>
        <FormErrors errors={exceptionErrors?.[""] ?? undefined} />
        {calendar.exceptions.length === 0 ? (
          <p className="muted">None: every week is the same.</p>
        ) : (
          <ul className="tutoring-list">
            {calendar.exceptions.map((exception) => (
              <li key={exception.id} className="tutoring-row">
                <span>
                  {exception.date}: {exception.kind === "unavailable" ? "away" : "also available"}{" "}
                  {exception.startMinute === null ? "the whole day" : `${timeOf(exception.startMinute)}–${timeOf(exception.endMinute!)}`}
                </span>
                <Form method="post" className="tutoring-row__actions">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="delete_exception" />
                  <input type="hidden" name="exception_id" value={exception.id} />
                  <button type="submit" className="button button--outline" disabled={busy}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="tutoring-form" style={{ marginTop: "var(--space-4)" }}>
          <CsrfInput />
          <input type="hidden" name="intent" value="add_exception" />
          <h3 style={{ margin: 0 }}>Add a day that differs</h3>
          <label className="tutoring-field">
            Date
            <input className="native-input" type="date" name="date" required aria-invalid={exceptionErrors?.date ? true : undefined} />
          </label>
          {exceptionErrors?.date ? <p role="alert">{exceptionErrors.date.join(" ")}</p> : null}
          <fieldset className="form-fieldset">
            <legend>That day you are</legend>
            <label>
              <input type="radio" name="kind" value="unavailable" defaultChecked /> away
            </label>{" "}
            <label>
              <input type="radio" name="kind" value="available" /> available as well as your usual hours
            </label>
          </fieldset>
          <label>
            <input type="checkbox" name="all_day" value="on" /> the whole day (when away)
          </label>
          <div style={{ display: "flex", gap: "var(--space-3)", flexWrap: "wrap" }}>
            <label className="tutoring-field">
              From
              <input className="native-input" type="time" step={1800} name="start" />
            </label>
            <label className="tutoring-field">
              Until
              <input className="native-input" type="time" step={1800} name="end" />
            </label>
          </div>
          {exceptionErrors?.start || exceptionErrors?.end ? <p role="alert">{[...(exceptionErrors.start ?? []), ...(exceptionErrors.end ?? [])].join(" ")}</p> : null}
          <div>
            <button type="submit" className="button button--soft" disabled={busy}>
              Add
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Your tutoring hours — Marketplace" }];
