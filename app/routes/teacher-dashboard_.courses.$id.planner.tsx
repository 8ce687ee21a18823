import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { requireTaughtClass } from "~/classes/class-access.server";
import { plannerSchema } from "~/classes/forms";
import { placeOf, shortDate, termDayProblem, termDays } from "~/classes/planner";
import { EVENT_KINDS, PlannerBoard } from "~/classes/planner-board";
import { addEvent, addLesson, deleteItem, moveItem, plannerItems, updateEvent, updateLesson } from "~/classes/planner.server";
import { termLabel } from "~/classes/terms";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { offlineSafeAction, revalidateUnlessOffline } from "~/shell/offline-submission";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/teacher-dashboard_.courses.$id.planner";

/** /teacher-dashboard/courses/{id}/planner: the class's term as weeks, with its lessons, events and assignments' due days. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const klass = await requireTaughtClass(session, params.id);
  const today = requestNow(request).toISOString().slice(0, 10);
  return {
    klass: { id: klass.id, label: klass.label, name: klass.course_name, term: { term: klass.term, year: klass.year } },
    days: termDays(klass),
    thisWeek: placeOf(klass, today)?.week ?? null,
    items: await plannerItems(klass.id),
  };
}

/**
 * POST intent=add-lesson, add-event, edit-lesson, edit-event, move (a lesson or an event to
 * another day: the plain form and a drag both send it) or delete. A day outside the class's term
 * is refused with 400.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const klass = await requireTaughtClass(session!, params.id);
  const submission = parseWithZod(await request.formData(), { schema: plannerSchema });
  const form = formKey(submission.payload);
  if (submission.status !== "success") return data({ form, result: submission.reply() }, { status: 400 });
  const input = submission.value;
  if ("date" in input) {
    const problem = termDayProblem(klass, input.date);
    if (problem) return data({ form, result: submission.reply({ fieldErrors: { date: [problem] } }) }, { status: 400 });
  }
  const back = (date?: string) => `/teacher-dashboard/courses/${klass.id}/planner${date ? `#week-${placeOf(klass, date)!.week}` : ""}`;
  const by = session!.user.id;
  const done = async (url: string, message: string) => {
    throw await redirectWithToast(url, { type: "success", message }, { status: 303 });
  };
  switch (input.intent) {
    case "add-lesson":
      await addLesson({ classId: klass.id, title: input.title, notes: input.notes, date: input.date, by });
      return done(back(input.date), `"${input.title}" is on ${shortDate(input.date)}.`);
    case "add-event":
      await addEvent({ classId: klass.id, title: input.title, eventKind: input.event_kind, date: input.date, time: input.time, by });
      return done(back(input.date), `"${input.title}" is on ${shortDate(input.date)}.`);
    case "edit-lesson":
      if (await updateLesson({ classId: klass.id, id: input.item_id, title: input.title, notes: input.notes })) return done(back(), `"${input.title}" is saved.`);
      break;
    case "edit-event":
      if (await updateEvent({ classId: klass.id, id: input.item_id, title: input.title, eventKind: input.event_kind, time: input.time })) return done(back(), `"${input.title}" is saved.`);
      break;
    case "move":
      if (await moveItem({ classId: klass.id, kind: input.item_kind, id: input.item_id, date: input.date })) return done(back(input.date), `Moved to ${shortDate(input.date)}.`);
      break;
    case "delete": {
      const title = await deleteItem({ classId: klass.id, kind: input.item_kind, id: input.item_id });
      if (title !== undefined) return done(back(), `"${title}" is deleted.`);
      break;
    }
  }
  return data({ form, result: submission.reply({ formErrors: ["That is not on this class's planner (it may have been deleted)."] }) }, { status: 404 });
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

/** Which form answered: the add forms by intent, an item's forms by intent and item, so only that form shows the errors. */
function formKey(payload: Record<string, unknown>) {
  const intent = String(payload.intent ?? "");
  if (intent === "add-lesson" || intent === "add-event") return intent;
  const kind = intent === "edit-lesson" ? "lesson" : intent === "edit-event" ? "event" : String(payload.item_kind ?? "");
  return `${intent}:${kind}-${String(payload.item_id ?? "")}`;
}

// A drag-and-drop move may find the connection gone: then nothing is read again.
export const shouldRevalidate = revalidateUnlessOffline;

export default function ClassPlannerPage() {
  const { klass, days, thisWeek, items } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errorsOf = (form: string) => (answer?.form === form ? answer.result?.error : undefined);
  const lessonErrors = errorsOf("add-lesson");
  const eventErrors = errorsOf("add-event");
  const range = `${shortDate(days.first)} – ${shortDate(days.last)}, ${klass.term.year}`;
  return (
    <div className="wrapper wrapper--wide page">
      <p>
        <Link to="/teacher-dashboard">Teacher home</Link> · <Link to={`/teacher-dashboard/courses/${klass.id}/students`}>Students</Link> ·{" "}
        <Link to={`/teacher-dashboard/courses/${klass.id}/grade-book`}>Grade book</Link>
      </p>
      <h1 className="page-heading">{klass.label}: planner</h1>
      <p className="muted">
        {klass.name} · {termLabel(klass.term)} runs {range}. Move a lesson or an event with its “Change” form, or drag it onto another day. Assignments show on the day they are due (UTC).
      </p>

      <div className="planner-forms">
        <section aria-labelledby="add-lesson-heading">
          <h2 className="section-heading" id="add-lesson-heading">
            Add a lesson
          </h2>
          <Form method="post" className="tutoring-form">
            <CsrfInput />
            <input type="hidden" name="intent" value="add-lesson" />
            <FormErrors errors={lessonErrors?.[""] ?? undefined} />
            <FormField label="Title" id="lesson-title" name="title" required maxLength={200} errors={lessonErrors?.title ?? undefined} />
            <FormField label="Day" id="lesson-date" name="date" type="date" required min={days.first} max={days.last} errors={lessonErrors?.date ?? undefined} />
            <TextAreaField label="Notes" id="lesson-notes" name="notes" rows={3} maxLength={5000} errors={lessonErrors?.notes ?? undefined} />
            <div>
              <button type="submit" className="button">
                Add lesson
              </button>
            </div>
          </Form>
        </section>
        <section aria-labelledby="add-event-heading">
          <h2 className="section-heading" id="add-event-heading">
            Add an event
          </h2>
          <Form method="post" className="tutoring-form">
            <CsrfInput />
            <input type="hidden" name="intent" value="add-event" />
            <FormErrors errors={eventErrors?.[""] ?? undefined} />
            <FormField label="Title" id="event-title" name="title" required maxLength={200} errors={eventErrors?.title ?? undefined} />
            <SelectField style={{ width: "100%" }} label="Kind" id="event-kind" name="event_kind" required errors={eventErrors?.event_kind ?? undefined}>
              {EVENT_KINDS.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </SelectField>
            <FormField label="Day" id="event-date" name="date" type="date" required min={days.first} max={days.last} errors={eventErrors?.date ?? undefined} />
            <FormField label="Time (UTC, optional)" id="event-time" name="time" type="time" hint="Leave it blank for an all-day event." errors={eventErrors?.time ?? undefined} />
            <div>
              <button type="submit" className="button">
                Add event
              </button>
            </div>
          </Form>
        </section>
      </div>

      <PlannerBoard term={klass.term} days={days} items={items} thisWeek={thisWeek} answer={answer} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${data.klass.label}: planner` : "Class"} — Marketplace` }];
