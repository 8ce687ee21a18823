import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { decideAccess, routeRule } from "~/accounts/policy/route-rules";
import { viewerOf } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { WORK_SHIFTS_CHANNEL } from "~/realtime/channels";
import { useRealtime } from "~/realtime/realtime-provider";
import { metaFor } from "~/seo/page-meta";
import { isOfflineAnswer, offlineSafeAction } from "~/shell/offline-submission";
import { sessionDateLine } from "~/study-sessions/date-labels";
import { redirectWithToast } from "~/toasts/toast.server";
import {
  initialSignupState,
  isPending,
  parseSignupPush,
  placeLabel,
  seatsLabel,
  seatsLeftLabel,
  shiftSignups,
  SIGNUP_DONE_MESSAGES,
  signupFormSchema,
  signupName,
  signupReducer,
  type SignupState,
  type SignupUpdate,
} from "~/work-shifts/rules";
import { listUpcomingShifts, signUp, withdraw } from "~/work-shifts/work-shifts.server";

const ROUTE = "routes/work-shifts+/_index";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const shifts = await listUpcomingShifts();
  return {
    viewer: { id: session.user.id, name: signupName(session.user.first_name, session.user.last_name) },
    mayPublish: decideAccess(viewerOf(session.user), routeRule("routes/work-shifts+/new").access) === "allow",
    shifts: shifts.map(({ signups, ...shift }) => ({
      id: shift.id,
      title: shift.title,
      when: sessionDateLine({ start_time: shift.starts_at, end_time: shift.ends_at }),
      starts_at: shift.starts_at.toISOString(),
      place: placeLabel(shift.location),
      seats: shift.seats,
      signups,
    })),
  };
}

/**
 * POST: sign up for a shift or withdraw (`intent`, `shift_id`). A plain form is redirected back
 * with a toast; the page's script sends `respond=data` and gets the signup update to apply.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: signupFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), shiftId: null, update: null }, { status: 400 });
  const { intent, shift_id: shiftId, respond } = submission.value;
  const outcome = intent === "sign_up" ? await signUp(shiftId, session.user.id) : await withdraw(shiftId, session.user.id);
  if (outcome.kind === "refused") {
    return data({ result: submission.reply({ formErrors: [outcome.refusal.message] }), shiftId, update: null }, { status: outcome.refusal.code === "not_found" ? 404 : 409 });
  }
  const message = intent === "sign_up" ? SIGNUP_DONE_MESSAGES.signed_up(outcome.title) : SIGNUP_DONE_MESSAGES.withdrawn(outcome.title);
  if (respond === "data") return { result: null, shiftId, update: outcome.update, message };
  throw await redirectWithToast("/work-shifts", { type: "success", message });
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

// The script's toggles carry their own answer and pushes keep the list current: reading it again would only race them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("respond") === "data" || isOfflineAnswer(actionResult) ? false : defaultShouldRevalidate;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Shift = LoaderData["shifts"][number];
type Dispatch = (event: Parameters<typeof signupReducer>[1]) => void;

export default function WorkShiftsPage() {
  const { shifts, viewer, mayPublish } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [state, dispatch] = useReducer(signupReducer, shifts, (loaded) => initialSignupState(loaded.flatMap((shift) => shift.signups)));
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => dispatch({ type: "loaded", signups: shifts.flatMap((shift) => shift.signups) }), [shifts]);
  useRealtime([WORK_SHIFTS_CHANNEL], {
    received: (event) => {
      if (event.action !== "STANDARD_PUSH_UPDATE") return;
      const update = parseSignupPush(event.payload);
      if (update) dispatch({ type: "pushed", update });
    },
  });
  return (
    <div className="wrapper wrapper--medium work-shifts">
      <div className="work-shifts__header">
        <h1 className="page-heading">Work shifts</h1>
        {mayPublish ? (
          <Link className="button button--soft" to="/work-shifts/new">
            Publish a shift
          </Link>
        ) : null}
      </div>
      <p className="muted">Sign up for a shift or withdraw before it starts. Times are in UTC.</p>
      {answer?.shiftId === null ? <FormErrors errors={answer.result?.error?.[""] ?? ["Choose a shift and whether to sign up or withdraw."]} /> : null}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {shifts.length === 0 ? (
        <p>No upcoming shifts yet.</p>
      ) : (
        <ul className="work-shifts__list">
          {shifts.map((shift) => (
            <ShiftRow
              key={shift.id}
              shift={shift}
              state={state}
              dispatch={dispatch}
              viewer={viewer}
              plainError={answer?.shiftId === shift.id ? answer.result?.error?.[""]?.[0] : undefined}
              onDone={setAnnouncement}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

type ToggleAnswer = { update: SignupUpdate | null; message?: string; result: { error?: Record<string, string[] | null> } | null };

function ShiftRow({
  shift,
  state,
  dispatch,
  viewer,
  plainError,
  onDone,
}: {
  shift: Shift;
  state: SignupState;
  dispatch: Dispatch;
  viewer: LoaderData["viewer"];
  plainError: string | undefined;
  onDone: (message: string) => void;
}) {
  const fetcher = useFetcher<ToggleAnswer>({ key: `work-shift-${shift.id}` });
  const cacheKey = useRef<string | null>(null);
  const navigation = useNavigation();
  const signups = shiftSignups(state, shift.id);
  const taken = signups.length;
  const mine = signups.some((signup) => signup.user_id === viewer.id);
  const full = taken >= shift.seats;
  const pending = isPending(state, shift.id);
  const error = state.errors[shift.id] ?? plainError;
  const titleId = `work-shift-${shift.id}-title`;

  useEffect(() => {
    const key = cacheKey.current;
    if (fetcher.state !== "idle" || !key || fetcher.data === undefined) return;
    cacheKey.current = null;
    const answer = fetcher.data;
    if (answer.update) {
      dispatch({ type: "succeeded", cacheKey: key, update: answer.update });
      if (answer.message) onDone(answer.message);
    } else {
      const error = isOfflineAnswer(answer) ? answer.message : answer.result?.error?.[""]?.[0];
      dispatch({ type: "failed", cacheKey: key, error: error ?? "That did not work. Try again." });
    }
  }, [fetcher.state, fetcher.data, dispatch, onDone]);

  const toggle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const key = `temporary-${shift.id}-${Date.now()}`;
    cacheKey.current = key;
    const form = new FormData(event.currentTarget);
    form.set("respond", "data");
    dispatch({ type: "toggle", shiftId: shift.id, user: viewer, cacheKey: key });
    fetcher.submit(form, { method: "post", action: "/work-shifts?index" });
  };

  return (
    <li className="work-shift" data-testid="work-shift">
      <h2 className="work-shift__title" id={titleId}>
        {shift.title}
      </h2>
      <p className="work-shift__when">
        <time dateTime={shift.starts_at}>{shift.when}</time>
      </p>
      <p className="work-shift__place">{shift.place}</p>
      <p className="work-shift__seats" data-testid="work-shift-seats">
        {seatsLabel(taken, shift.seats)} · <span className={full ? "work-shift__full" : undefined}>{seatsLeftLabel(taken, shift.seats)}</span>
      </p>
      <p className="work-shift__people">
        {signups.length ? (
          <>
            Signed up: {signups.map((signup) => (signup.user_id === viewer.id ? "you" : signup.name)).join(", ")}
          </>
        ) : (
          "No one has signed up yet."
        )}
      </p>
      {mine || !full ? (
        <Form method="post" className="work-shift__form" onSubmit={toggle}>
          <CsrfInput />
          <input type="hidden" name="intent" value={mine ? "withdraw" : "sign_up"} />
          <input type="hidden" name="shift_id" value={shift.id} />
          <button
            type="submit"
            className={mine ? "button button--outline" : "button"}
            aria-label={`${mine ? "Withdraw from" : "Sign up for"} ${shift.title}`}
            aria-disabled={pending || navigation.state === "submitting" ? true : undefined}
          >
            {mine ? "Withdraw" : "Sign up"}
          </button>
        </Form>
      ) : null}
      {error ? (
        <p className="work-shift__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  metaFor(matches, { title: "Work shifts", description: "Upcoming work shifts: sign up or withdraw.", path: "/work-shifts", noindex: true });
